import { useId, useState, type ReactNode } from 'react';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { formatEuro } from '@gm/shared/money/money';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import {
  amountBounds,
  amountError,
  formatAmountInput,
  parseAmount,
  stepAmount,
  voucherTotal,
  type AmountBounds,
} from '../purchase.ts';
import './voucher-purchase.css';

/** A valid choice: the quantity (pieces) or value (cents) and its total in cents. */
export type PurchaseChoice = { amount: number; total: number };

/**
 * What the buyer chooses before buying (01 §2 "Voucher detail"): the quantity or value with steppers
 * and the total including VAT. `action` renders below the total with the current valid choice.
 */
export function VoucherPurchasePanel({
  voucher,
  action,
}: {
  voucher: Voucher;
  action?: (choice: PurchaseChoice | undefined) => ReactNode;
}) {
  const bounds = amountBounds(voucher);
  const [text, setText] = useState(() => formatAmountInput(bounds.min, bounds.kind));
  const amount = parseAmount(text, bounds.kind);
  const error = amountError(amount, bounds);
  const total = amount !== undefined && !error ? voucherTotal(voucher, amount) : undefined;

  return (
    <section className="purchase-panel" aria-label="Menge und Preis" data-testid="purchase-panel">
      <AmountPicker bounds={bounds} text={text} onTextChange={setText} error={error} />
      <p className="purchase-panel__total" aria-live="polite">
        <span>Gesamt</span>
        <strong data-testid="purchase-total">{total !== undefined ? formatEuro(total) : '–'}</strong>
        <span className="purchase-panel__vat">inkl. MwSt.</span>
      </p>
      {action?.(amount !== undefined && total !== undefined ? { amount, total } : undefined)}
    </section>
  );
}

function AmountPicker({
  bounds,
  text,
  onTextChange,
  error,
}: {
  bounds: AmountBounds;
  text: string;
  onTextChange: (text: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  const amount = parseAmount(text, bounds.kind);
  const label = bounds.kind === 'quantity' ? 'Anzahl' : 'Wert in €';
  const show = (n: number) => (bounds.kind === 'quantity' ? `${n} Stück` : formatEuro(n));
  const step = (direction: 1 | -1) =>
    onTextChange(formatAmountInput(stepAmount(amount, direction, bounds), bounds.kind));
  return (
    <div className={`field amount-picker${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={`${id}-amount`}>
        {label}
      </label>
      <div className="amount-picker__row">
        <button
          type="button"
          className="amount-picker__step"
          onClick={() => step(-1)}
          disabled={amount !== undefined && amount <= bounds.min}
          aria-label={`${label} verringern`}
          data-testid="amount-decrease"
        >
          −
        </button>
        <input
          id={`${id}-amount`}
          className="input amount-picker__input"
          inputMode={bounds.kind === 'quantity' ? 'numeric' : 'decimal'}
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          data-testid="amount-input"
        />
        <button
          type="button"
          className="amount-picker__step"
          onClick={() => step(1)}
          disabled={amount !== undefined && amount >= bounds.max}
          aria-label={`${label} erhöhen`}
          data-testid="amount-increase"
        >
          +
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {bounds.min === bounds.max
          ? show(bounds.min)
          : bounds.kind === 'quantity'
            ? `${bounds.min} bis ${bounds.max} Stück`
            : `${show(bounds.min)} bis ${show(bounds.max)}`}
      </p>
      <p id={`${id}-error`} className="field__error" aria-live="polite">
        {error && (
          <>
            <AlertIcon size={16} />
            <span>{error}</span>
          </>
        )}
      </p>
    </div>
  );
}
