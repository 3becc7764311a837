import { RedemptionsTable } from '../../features/redemption/components/redemptions-table.tsx';

/** Admin /voucher-redemptions (03 §2): every redemption, newest first, with Revoke after a confirmation. */
export default function AdminVoucherRedemptionsPage() {
  return (
    <div className="container scanner-page" data-testid="admin-redemptions-page">
      <title>Einlösungen – Gutscheinmarkt</title>
      <header className="page-header">
        <p className="page-header__eyebrow">Verwalten</p>
        <h1>Einlösungen</h1>
      </header>
      <RedemptionsTable scope="admin" />
    </div>
  );
}
