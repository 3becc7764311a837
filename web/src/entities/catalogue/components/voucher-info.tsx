import { useId } from 'react';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { monthsLabel, redeemableDaysLabel, validityLabel } from '../voucher-format.ts';
import './voucher-info.css';

/**
 * 'Gutschein Info': redeemable weekdays, validity in years, months covered, reservation (01 §2), and
 * the seller's reason for a validity shorter than the law's default, when one is recorded.
 */
export function VoucherInfo({ voucher, headingLevel = 2 }: { voucher: Voucher; headingLevel?: 2 | 3 }) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="info-box" aria-labelledby={titleId} data-testid="voucher-info">
      <Heading id={titleId} className="info-box__title">
        Gutschein Info
      </Heading>
      <dl className="info-box__list">
        <div>
          <dt>Einlösbar</dt>
          <dd>{redeemableDaysLabel(voucher.valid_day)}</dd>
        </div>
        <div>
          <dt>Gültigkeit</dt>
          <dd>{validityLabel(voucher.expiry_date)}</dd>
        </div>
        <div>
          <dt>Monate</dt>
          <dd>{monthsLabel(voucher.months)}</dd>
        </div>
        <div>
          <dt>Reservierung</dt>
          <dd>{voucher.isReserve ? 'Ja, bitte vorab reservieren' : 'Nein'}</dd>
        </div>
        {voucher.validity_reason && (
          <div className="info-box__wide" data-testid="validity-reason">
            <dt>Grund der Befristung</dt>
            <dd>{voucher.validity_reason}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
