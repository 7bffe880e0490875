import { useBusinessContext } from '../../shell/business-context';
import { useCurrentUser } from '../auth/session';
import { SalesScreen } from '../sales/sales-page';

/**
 * /{slug}/employee/sales: the business sales screen narrowed to the caller's own carts and sales,
 * with New Sale. A sale opens on the business's sale page (receipt, invoice, payments).
 */
export default function EmployeeSalesPage() {
  const user = useCurrentUser();
  const { business } = useBusinessContext();
  return <SalesScreen own={{ userId: user.id, saleHref: (sale) => `/business/${business.slug}/sales/${sale.id}` }} />;
}
