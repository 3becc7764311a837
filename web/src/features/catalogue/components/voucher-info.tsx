import type { Voucher } from '@gm/shared/catalogue/contracts';
import { monthsLabel, redeemableDaysLabel, validityLabel } from '../voucher-format.ts';

/** 'Gutschein Info': redeemable weekdays, validity in years, months covered, reservation (01 §2). */
export function VoucherInfo({ voucher }: { voucher: Voucher }) {
  return (
    <section className="info-box" aria-labelledby="voucher-info-title" data-testid="voucher-info">
      <h2 id="voucher-info-title" className="info-box__title">
        Gutschein Info
      </h2>
      <dl className="info-box__list">
        <div>
          <dt>Einlösbar</dt>
          <dd>{redeemableDaysLabel(voucher.valid_day)}</dd>
        </div>
        <div>
          <dt>Gültigkeit</dt>
          <dd>
            {validityLabel(voucher.expiry_date)}
            {voucher.validity_reason ? ` – ${voucher.validity_reason}` : ''}
          </dd>
        </div>
        <div>
          <dt>Monate</dt>
          <dd>{monthsLabel(voucher.months)}</dd>
        </div>
        <div>
          <dt>Reservierung</dt>
          <dd>{voucher.isReserve ? 'Ja, bitte vorab reservieren' : 'Nicht nötig'}</dd>
        </div>
      </dl>
    </section>
  );
}
