import type { VoucherCard as VoucherCardData } from '@gm/shared/catalogue/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
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
