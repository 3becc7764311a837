import { useId } from 'react';
import { REDEMPTION_TEXT, type Redemption } from '@gm/shared/redemption/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { useOrderRedemptions } from '../api/redemption.ts';
import { redemptionAmount, redemptionTime } from './redemption-format.ts';
import './redemption-detail-modal.css';

/** One order's redemptions (02 §2 "a modal listing one order's redemptions, with a PDF download per row"). */
export function RedemptionDetailModal({
  redemption,
  onClose,
  onDownload,
}: {
  redemption: Redemption;
  onClose: () => void;
  onDownload: (r: Redemption) => Promise<void>;
}) {
  const titleId = useId();
  const query = useOrderRedemptions(redemption.order_id);
  const rows = query.data?.data ?? [];
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="redemption-detail" testId="redemption-detail">
      <h2 id={titleId} className="redemption-detail__title">
        Bestellung <span className="redemption-detail__no">{redemption.order_no}</span>
      </h2>
      <p className="redemption-detail__lead">{redemption.title}</p>
      {query.error && !query.data ? (
        <LoadFailed text="Die Einlösungen konnten gerade nicht geladen werden." onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader label="Einlösungen werden geladen…" />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="redemption-detail__list">
          {rows.map((row) => (
            <li key={row.id} className="redemption-detail__item" data-testid="redemption-detail-row">
              <div>
                <strong>{row.redemption_no}</strong>
                <span>{redemptionTime(row.created_at)}</span>
                <span>Eingelöst von {row.scanned_by.username}</span>
              </div>
              <div className="redemption-detail__side">
                <span>{redemptionAmount(row)}</span>
                {row.is_revoked && <span className="redemptions__revoked">{REDEMPTION_TEXT.revoked}</span>}
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => void onDownload(row)}
                  aria-label={`Beleg ${row.redemption_no} als PDF herunterladen`}
                >
                  PDF
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="redemption-detail__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Schließen
        </button>
      </div>
    </Modal>
  );
}
