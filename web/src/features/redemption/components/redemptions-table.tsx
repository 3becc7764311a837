import { useState } from 'react';
import { REDEMPTION_TEXT, type Redemption } from '@gm/shared/redemption/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useReceiptPdf, useRedemptionPages, useRevokeRedemption } from '../api/redemption.ts';
import { RedemptionDetailModal } from './redemption-detail-modal.tsx';
import { redemptionAmount, redemptionTime } from './redemption-format.ts';
import './redemptions-table.css';

/** Downloads one redemption's receipt; failures show the spec's download warning. */
export function useReceiptDownload() {
  const dialog = useDialog();
  const receipt = useReceiptPdf();
  return async (redemption: Redemption) => {
    try {
      saveBlob(await receipt.mutateAsync(redemption), `Einloesebeleg-${redemption.redemption_no}.pdf`);
    } catch {
      await dialog.warning(`${TEXT.attention} ${TEXT.genericError}`, { title: TEXT.attention });
    }
  };
}

/**
 * Completed redemptions (02 §2 scanner panel, 'Eingelöst' page, /orders-earnings; 03 §2
 * /voucher-redemptions): 9 per page, newest first (cursor paging), a modal with the order's
 * redemptions, a PDF receipt per row. Revoked rows say 'Einlösung widerrufen' and lose the button;
 * sellers revoke their own with 'Einlösung rückgängig machen', admins any ('Widerrufen').
 */
export function RedemptionsTable({ scope }: { scope: 'seller' | 'admin' }) {
  const dialog = useDialog();
  const download = useReceiptDownload();
  const query = useRedemptionPages();
  const revocation = useRevokeRedemption();
  const [detail, setDetail] = useState<Redemption | null>(null);
  const rows = query.data?.data ?? [];

  async function revoke(redemption: Redemption) {
    const confirmed = await dialog.confirm(REDEMPTION_TEXT.revokeConfirm, {
      title: scope === 'admin' ? 'Einlösung widerrufen?' : REDEMPTION_TEXT.revoke,
      confirmLabel: scope === 'admin' ? 'Widerrufen' : 'Rückgängig machen',
    });
    if (!confirmed) return;
    try {
      const answer = await revocation.mutateAsync(redemption.id);
      await dialog.success(answer.message, { autoCloseMs: 1000 });
    } catch (error) {
      await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
    }
  }

  if (query.error && !query.data)
    return (
      <LoadFailed text="Die Einlösungen konnten gerade nicht geladen werden." onRetry={() => void query.refetch()} />
    );
  if (!query.data) return <PageLoader label="Einlösungen werden geladen…" />;
  if (rows.length === 0) return <EmptyState />;

  return (
    <div className="redemptions" data-testid="redemptions-table">
      <div className={`table-scroll${query.paging ? ' is-busy' : ''}`} aria-busy={query.paging}>
        <table className="orders-table orders-table--cards redemptions__table">
          <caption className="visually-hidden">Eingelöste Gutscheine, neueste zuerst</caption>
          <thead>
            <tr>
              <th scope="col">Einlösenummer</th>
              <th scope="col">Datum</th>
              <th scope="col">Gutschein</th>
              <th scope="col">Bestellung</th>
              <th scope="col" className="orders-table__amount">
                Wert
              </th>
              <th scope="col">Eingelöst von</th>
              <th scope="col">Aktionen</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                data-testid="redemption-row"
                data-redemption-id={row.id}
                className={row.is_revoked ? 'is-reversed' : undefined}
              >
                <td data-label="Einlösenummer">{row.redemption_no}</td>
                <td data-label="Datum">{redemptionTime(row.created_at)}</td>
                <td data-label="Gutschein">{row.title}</td>
                <td data-label="Bestellung">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setDetail(row)}
                    aria-label={`Einlösungen der Bestellung ${row.order_no} anzeigen`}
                    data-testid="redemption-order"
                  >
                    {row.order_no}
                  </button>
                </td>
                <td data-label="Wert" className="orders-table__amount">
                  {redemptionAmount(row)}
                </td>
                <td data-label="Eingelöst von">{row.scanned_by.username}</td>
                <td data-label="Aktionen">
                  <div className="redemptions__actions">
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      onClick={() => void download(row)}
                      aria-label={`Beleg ${row.redemption_no} als PDF herunterladen`}
                      data-testid="redemption-pdf"
                    >
                      PDF
                    </button>
                    {row.is_revoked ? (
                      <span className="redemptions__revoked" data-testid="redemption-revoked">
                        {REDEMPTION_TEXT.revoked}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--outline"
                        onClick={() => void revoke(row)}
                        disabled={revocation.isPending}
                        aria-label={`${scope === 'admin' ? 'Widerrufen' : REDEMPTION_TEXT.revoke}: ${row.redemption_no}`}
                        data-testid="redemption-revoke"
                      >
                        {scope === 'admin' ? 'Widerrufen' : REDEMPTION_TEXT.revoke}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={query.data.current_page}
        lastPage={query.data.last_page}
        onPageChange={query.goTo}
        busy={query.paging}
        label="Seiten der Einlösungen"
      />
      {detail && <RedemptionDetailModal redemption={detail} onClose={() => setDetail(null)} onDownload={download} />}
    </div>
  );
}
