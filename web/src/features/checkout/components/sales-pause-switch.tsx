import { useState } from 'react';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { AlertIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useSalesPause, useSetSalesPause } from '../../../entities/sales-pause/api/sales-pause.ts';
import './sales-pause-switch.css';

/**
 * The admin's sales pause (issue 4 ★): while on, the login page shows the discontinuation notice, the
 * 'In den Warenkorb' buttons are hidden and the server refuses cart adds and payments; wallets,
 * redemption, region and team vouchers keep working. Switching asks for confirmation.
 */
export function SalesPauseSwitch() {
  const dialog = useDialog();
  const status = useSalesPause();
  const setSalesPause = useSetSalesPause();
  const [busy, setBusy] = useState(false);
  const paused = status.paused;

  async function toggle() {
    const next = !paused;
    const question = next
      ? 'Neue Gutscheinkäufe werden sofort für alle gestoppt. Bereits gekaufte Gutscheine bleiben einlösbar. Fortfahren?'
      : 'Neue Gutscheinkäufe werden wieder möglich. Fortfahren?';
    if (!(await dialog.confirm(question, { title: next ? 'Verkäufe pausieren' : 'Verkäufe wieder aufnehmen' }))) return;
    setBusy(true);
    try {
      await setSalesPause.mutateAsync(next);
      setBusy(false);
      await dialog.success(next ? 'Die Verkäufe sind pausiert.' : 'Die Verkäufe sind wieder geöffnet.', {
        autoCloseMs: 1000,
      });
    } catch {
      setBusy(false);
      await dialog.warning(TEXT.genericError);
    }
  }

  return (
    <section className="card sales-pause" aria-labelledby="sales-pause-title" data-testid="sales-pause">
      <h2 id="sales-pause-title" className="sales-pause__title">
        Verkaufspause
      </h2>
      <p
        className={`notice ${paused ? 'notice--warning' : 'notice--info'}`}
        role="status"
        data-testid="sales-pause-state"
      >
        {paused ? <AlertIcon size={20} /> : <InfoIcon size={20} />}
        <span>
          {paused
            ? 'Verkäufe sind pausiert: Neue Gutscheinkäufe sind nicht möglich, der Hinweis zur Einstellung wird angezeigt.'
            : 'Verkäufe sind geöffnet.'}
        </span>
      </p>
      <button
        type="button"
        className={`button ${paused ? 'button--primary' : 'button--accent'}`}
        disabled={busy || status.isLoading}
        onClick={() => void toggle()}
        data-testid="sales-pause-toggle"
      >
        {paused ? 'Verkäufe wieder aufnehmen' : 'Verkäufe pausieren'}
      </button>
      <LoadingOverlay show={busy} label="Wird gespeichert…" />
    </section>
  );
}
