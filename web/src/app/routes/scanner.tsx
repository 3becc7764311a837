import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { useRole } from '../../lib/auth.ts';
import { RedemptionsTable } from '../../features/redemption/components/redemptions-table.tsx';
import { ScannerHome } from '../../features/redemption/components/scanner-home.tsx';
import { ScannerStaffPanel } from '../../features/redemption/components/scanner-staff-panel.tsx';
import './scanner.css';

/**
 * /scanner 'Gutscheine scannen' (02 §2) for sellers and their scanner users: the scanner and the
 * redemption form; sellers also get the scanner-staff panel and the table of completed redemptions.
 */
export default function ScannerPage() {
  const role = useRole();
  const isSeller = role === 'seller';
  return (
    <div className="container scanner-page" data-testid="scanner-page">
      <title>{`${REDEMPTION_TEXT.title} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">Einlösen</p>
        <h1>{REDEMPTION_TEXT.title}</h1>
      </header>
      <div className={isSeller ? 'scanner-page__grid' : undefined}>
        <ScannerHome />
        {isSeller && <ScannerStaffPanel />}
      </div>
      {isSeller && (
        <section aria-labelledby="scanner-redemptions-title">
          <h2 id="scanner-redemptions-title" className="scanner-section__title">
            {REDEMPTION_TEXT.redeemedPage}
          </h2>
          <RedemptionsTable scope="seller" />
        </section>
      )}
    </div>
  );
}
