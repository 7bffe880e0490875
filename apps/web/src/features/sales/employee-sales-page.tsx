import { can } from '@oja/contract';
import { useBusinessContext } from '../../shell/business-context';
import { useCurrentUser } from '../auth/session';
import { SalesScreen } from './sales-page';

/**
 * /{slug}/employee/sales: the business sales screen narrowed to the caller's own carts and sales,
 * with New Sale. A member who confirms sales also finds the customers' requests among their carts:
 * the customer is told the shop confirms them, and this is where the shop's sellers work.
 * There is no employee sale view: a sale opens on the business's sale page (receipt, invoice,
 * payments), whose Back returns here (sales/sale-back.ts).
 */
export default function EmployeeSalesPage() {
  const user = useCurrentUser();
  const { role } = useBusinessContext();
  return (
    <SalesScreen
      own={{
        userId: user.id,
        withRequests: can(role, 'sale.confirm'),
      }}
    />
  );
}
