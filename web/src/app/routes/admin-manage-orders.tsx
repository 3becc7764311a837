import { ManageOrders } from '../../features/orders-admin/components/manage-orders.tsx';

/** /manage-orders 'Bestellungen' (03 §2): the admin's order management with reversal. */
export default function AdminManageOrdersPage() {
  return <ManageOrders />;
}
