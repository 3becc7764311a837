import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { RedemptionsTable } from '../../features/redemption/components/redemptions-table.tsx';

/** The seller's 'Eingelöst' page (02 §2 "Redemptions page"): the redemptions table on its own. */
export default function RedemptionsPage() {
  return (
    <div className="container scanner-page" data-testid="redemptions-page">
      <title>{`${REDEMPTION_TEXT.redeemedPage} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">Verwalten</p>
        <h1>{REDEMPTION_TEXT.redeemedPage}</h1>
      </header>
      <RedemptionsTable scope="seller" />
    </div>
  );
}
