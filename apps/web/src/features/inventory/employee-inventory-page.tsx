import { STOCK_MESSAGES } from '@oja/contract';
import { RequirePermission } from '../../shell/not-allowed';
import { Inventory } from './inventory-page';

const EMPLOYEE_TOASTS = {
  created: STOCK_MESSAGES.employeeProductAdded,
  deleted: STOCK_MESSAGES.employeeProductDeleted,
};

/**
 * /{slug}/employee/inventory: the business's products with stock and expiry. What a member may do
 * follows their role, as on the business page: a manager adds, edits and deletes (and receives and
 * adjusts on the product's page); salespeople look and add to a cart. The edit's toast,
 * "Product updated ✅", is the same text on both pages.
 */
export default function EmployeeInventoryPage() {
  return (
    <RequirePermission permission="product.view">
      <Inventory toasts={EMPLOYEE_TOASTS} />
    </RequirePermission>
  );
}
