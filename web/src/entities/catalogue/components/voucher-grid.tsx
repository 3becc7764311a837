import type { VoucherCard as VoucherCardData } from '@gm/shared/catalogue/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { VoucherCard, type VoucherCardActions } from './voucher-card.tsx';

/**
 * At most `columns` cards a row, fewer as the width shrinks (each card stays at least 280 px wide, the
 * grid's own minimum): a page of 9 then fills three rows instead of leaving one card alone in a fourth column.
 */
function columnsStyle(columns: number): CSSProperties {
  const share = `calc((100% - ${columns - 1} * var(--space-6)) / ${columns})`;
  return { gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, max(280px, ${share})), 1fr))` };
}

const priorityOf = (index: number, count: number) => (index >= count ? false : index === 0 ? 'high' : true);

/** A list of voucher cards; empty lists read 'Noch keine Daten vorhanden.' */
export function VoucherGrid({
  vouchers,
  busy = false,
  label,
  testId = 'voucher-grid',
  maxColumns,
  priorityCards = 0,
  ...actions
}: {
  vouchers: VoucherCardData[];
  busy?: boolean;
  label: string;
  testId?: string;
  /** The most cards a row shows (a page size that divides by it fills every row). */
  maxColumns?: number;
  /** The first screen's cards (a page's first row): their pictures load at once, the first with high priority. */
  priorityCards?: number;
} & VoucherCardActions) {
  if (vouchers.length === 0) return <EmptyState />;
  return (
    <ul
      className={`voucher-grid${busy ? ' is-busy' : ''}`}
      style={maxColumns ? columnsStyle(maxColumns) : undefined}
      aria-label={label}
      aria-busy={busy}
      data-testid={testId}
    >
      {vouchers.map((v, index) => (
        <li key={v.id}>
          <VoucherCard voucher={v} priority={priorityOf(index, priorityCards)} {...actions} />
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
