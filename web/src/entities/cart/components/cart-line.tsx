import type { OrderLine } from '@gm/shared/orders/contracts';
import { formatEuro } from '@gm/shared/money/money';
import { mediaUrl } from '../../../lib/media.ts';
import { sellerDisplayName } from '../../catalogue/components/voucher-card.tsx';
import { voucherTypeLabel } from '../../catalogue/voucher-format.ts';
import { lineAmount, type StepResult, stepLine } from '../cart-rules.ts';
import './cart-line.css';

type Props = {
  line: OrderLine;
  busy: boolean;
  onStep: (line: OrderLine, result: StepResult) => void;
  onRemove: (line: OrderLine) => void;
};

/** One cart line (01 §2 "Cart"): thumbnail, title, seller, stepper ('Stück' or the value), line total, delete. */
export function CartLine({ line, busy, onStep, onRemove }: Props) {
  const { voucher } = line;
  const amount = lineAmount(line);
  const background = mediaUrl(voucher.background_image);
  const shown = amount.kind === 'quantity' ? `${amount.amount} Stück` : formatEuro(amount.amount);
  const label = amount.kind === 'quantity' ? 'Anzahl' : 'Wert';
  const plus = stepLine(amount, 1);

  return (
    <li className="cart-line" data-testid="cart-line" data-line-id={line.id} data-voucher-id={voucher.id}>
      <div className="cart-line__thumb" aria-hidden="true">
        {background ? (
          <img src={background} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="cart-line__thumb-fallback">{voucher.title.slice(0, 1)}</span>
        )}
      </div>
      <div className="cart-line__body">
        <p className="cart-line__type">{voucherTypeLabel(voucher.type)}</p>
        <h2 className="cart-line__title">{voucher.title}</h2>
        <p className="cart-line__seller">{sellerDisplayName(voucher)}</p>
      </div>
      <div className="cart-line__amount" role="group" aria-label={`${label} für ${voucher.title}`}>
        <button
          type="button"
          className="amount-picker__step"
          onClick={() => onStep(line, stepLine(amount, -1))}
          disabled={busy}
          aria-label={`${label} verringern`}
          data-testid="cart-line-decrease"
        >
          −
        </button>
        <output className="cart-line__value" aria-live="polite" data-testid="cart-line-amount">
          {shown}
        </output>
        <button
          type="button"
          className="amount-picker__step"
          onClick={() => onStep(line, plus)}
          disabled={busy || plus.kind === 'none'}
          aria-label={`${label} erhöhen`}
          data-testid="cart-line-increase"
        >
          +
        </button>
      </div>
      <p className="cart-line__total" data-testid="cart-line-total">
        {formatEuro(line.total_amount)}
      </p>
      <button
        type="button"
        className="button button--ghost button--small cart-line__remove"
        onClick={() => onRemove(line)}
        disabled={busy}
        data-testid="cart-line-remove"
      >
        Entfernen
      </button>
    </li>
  );
}
