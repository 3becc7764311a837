import { useState } from 'react';
import { REDEMPTION_TEXT, type Redemption } from '@gm/shared/redemption/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchRedemptionPdf, listRedemptions, revokeRedemption } from '../api/redemption.ts';
import { RedemptionDetailModal } from './redemption-detail-modal.tsx';
import { redemptionAmount, redemptionTime } from './redemption-format.ts';
import '../../../styles/cart.css';
import '../../../styles/redemption.css';

/** Downloads one redemption's receipt; failures show the spec's download warning. */
export function useReceiptDownload() {
  const dialog = useDialog();
  return async (redemption: Redemption) => {
    try {
      saveBlob(await fetchRedemptionPdf(redemption.id), `Einloesebeleg-${redemption.redemption_no}.pdf`);
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
export function RedemptionsTable({ scope, refreshKey = 0 }: { scope: 'seller' | 'admin'; refreshKey?: number }) {
  const dialog = useDialog();
  const download = useReceiptDownload();
  const [page, setPage] = useState(1);
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const [revoked, setRevoked] = useState<Record<string, Redemption>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [detail, setDetail] = useState<Redemption | null>(null);
  const cursor = cursors[page];
  const query = useApiQuery(
    `redemptions:${scope}:${refreshKey}:${page}:${cursor ?? ''}`,
    () => listRedemptions({ page, cursor }),
    { staleMs: 0, keepPrevious: true },
  );
  const rows = (query.data?.data ?? []).map((row) => revoked[row.id] ?? row);

  function goTo(next: number) {
    const nextUrl = query.data?.next_page_url;
    if (next === page + 1 && nextUrl) {
      const nextCursor = new URL(nextUrl, window.location.origin).searchParams.get('cursor');
      if (nextCursor) setCursors((current) => ({ ...current, [next]: nextCursor }));
    }
    setPage(next);
  }

  async function revoke(redemption: Redemption) {
    const confirmed = await dialog.confirm(REDEMPTION_TEXT.revokeConfirm, {
      title: scope === 'admin' ? 'Einlösung widerrufen?' : REDEMPTION_TEXT.revoke,
      confirmLabel: scope === 'admin' ? 'Widerrufen' : 'Rückgängig machen',
    });
    if (!confirmed) return;
    setBusy(redemption.id);
    try {
      const answer = await revokeRedemption(redemption.id);
      setRevoked((current) => ({ ...current, [redemption.id]: answer.data }));
      await dialog.success(answer.message, { autoCloseMs: 1000 });
    } catch (error) {
      await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
      query.reload();
    } finally {
      setBusy(null);
    }
  }

  if (query.error && !query.data)
    return <LoadFailed text="Die Einlösungen konnten gerade nicht geladen werden." onRetry={query.reload} />;
  if (!query.data) return <PageLoader label="Einlösungen werden geladen…" />;
  if (rows.length === 0) return <EmptyState />;

  return (
    <div className="redemptions" data-testid="redemptions-table">
      <div className={`table-scroll${query.isLoading ? ' is-busy' : ''}`} aria-busy={query.isLoading}>
        <table className="orders-table redemptions__table">
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
                        disabled={busy !== null}
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
        onPageChange={goTo}
        busy={query.isLoading}
        label="Seiten der Einlösungen"
      />
      {detail && <RedemptionDetailModal redemption={detail} onClose={() => setDetail(null)} onDownload={download} />}
    </div>
  );
}
