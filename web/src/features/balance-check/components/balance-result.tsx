import { Link } from 'react-router';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { BALANCE_STATUS_LABEL, BALANCE_TEXT, type BalanceCheckResponse } from '@gm/shared/wallet/balance-check';
import { paths } from '../../../config/paths.ts';
import './balance-result.css';

/** 'Restguthaben' of a value voucher ('32,50 € von 50,00 €') or the units left of a product voucher ('2 von 3 Stück'). */
export function remainingLabel(
  result: Pick<BalanceCheckResponse, 'type' | 'remaining_value' | 'total_value' | 'remaining_qty' | 'qty'>,
): {
  label: string;
  value: string;
} {
  if (result.type === 'quantity')
    return { label: BALANCE_TEXT.remainingQty, value: `${result.remaining_qty} von ${result.qty} Stück` };
  const left = formatEuro(result.remaining_value);
  return {
    label: BALANCE_TEXT.remainingValue,
    value: result.total_value > result.remaining_value ? `${left} von ${formatEuro(result.total_value)}` : left,
  };
}

/** The answer of the balance check: what is left, until when, the status and where to redeem — never who holds it. */
export function BalanceResult({ result }: { result: BalanceCheckResponse }) {
  const remaining = remainingLabel(result);
  const validUntil = formatDate(`${result.valid_until}T12:00:00Z`);
  return (
    <section className="balance-result" aria-labelledby="balance-result-title" data-testid="balance-result">
      <div className="balance-result__head">
        <h2 id="balance-result-title" className="balance-result__title">
          {result.title}
        </h2>
        <span
          className={`balance-result__status balance-result__status--${result.status}`}
          data-testid="balance-status"
          data-status={result.status}
        >
          {BALANCE_STATUS_LABEL[result.status]}
        </span>
      </div>
      <p className="balance-result__amount">
        <span className="balance-result__amount-label">{remaining.label}</span>
        <strong data-testid="balance-remaining">{remaining.value}</strong>
      </p>
      <dl className="balance-result__facts">
        <div>
          <dt>{BALANCE_TEXT.validUntil}</dt>
          <dd data-testid="balance-valid-until">
            {validUntil}
            {result.expired && ' (abgelaufen)'}
          </dd>
        </div>
        <div>
          <dt>{BALANCE_TEXT.seller}</dt>
          <dd data-testid="balance-seller">
            {result.seller.id ? (
              <Link to={paths.seller(result.seller.id)}>{result.seller.company_name}</Link>
            ) : (
              result.seller.company_name
            )}
          </dd>
        </div>
        <div>
          <dt>Code</dt>
          <dd className="balance-result__code">{result.code}</dd>
        </div>
      </dl>
      {result.status === 'expired' && (
        <p className="balance-result__note">
          Der Gutschein ist abgelaufen. Ob er noch eingelöst werden kann, entscheidet das Unternehmen.
        </p>
      )}
      {result.status === 'reversed' && (
        <p className="balance-result__note">
          Die Bestellung wurde storniert; der Gutschein kann nicht eingelöst werden.
        </p>
      )}
    </section>
  );
}
