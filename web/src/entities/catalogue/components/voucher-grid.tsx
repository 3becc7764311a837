import type { VoucherCard as VoucherCardData } from '@gm/shared/catalogue/contracts';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { VoucherCard, type VoucherCardActions } from './voucher-card.tsx';

/** A list of voucher cards; empty lists read 'Noch keine Daten vorhanden.' */
export function VoucherGrid({
  vouchers,
  busy = false,
  label,
  testId = 'voucher-grid',
  ...actions
}: { vouchers: VoucherCardData[]; busy?: boolean; label: string; testId?: string } & VoucherCardActions) {
  if (vouchers.length === 0) return <EmptyState />;
  return (
    <ul className={`voucher-grid${busy ? ' is-busy' : ''}`} aria-label={label} aria-busy={busy} data-testid={testId}>
      {vouchers.map((v) => (
        <li key={v.id}>
          <VoucherCard voucher={v} {...actions} />
        </li>
      ))}
    </ul>
  );
}

export function VoucherGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="voucher-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="voucher-card voucher-card--skeleton">
            <div className="skeleton skeleton--band" />
            <div className="skeleton skeleton--media" />
            <div className="skeleton skeleton--band" />
          </div>
        </li>
      ))}
    </ul>
  );
}

type VoucherListStateProps = {
  /** The first load failed: its reason, with 'Erneut versuchen'. */
  failed: boolean;
  failedText: string;
  onRetry: () => void;
  /** False until the first answer: a skeleton of three cards. */
  loaded: boolean;
  empty: boolean;
  emptyView?: ReactNode;
  children: ReactNode;
};

/** The body of a page listing vouchers: load failure, skeleton, empty state, or the list itself. */
export function VoucherListState({
  failed,
  failedText,
  onRetry,
  loaded,
  empty,
  emptyView = <EmptyState />,
  children,
}: VoucherListStateProps) {
  if (failed) return <LoadFailed text={failedText} onRetry={onRetry} />;
  if (!loaded) return <VoucherGridSkeleton count={3} />;
  return empty ? emptyView : children;
}
