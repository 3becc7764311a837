import { useId } from 'react';
import type { SavedCard } from '@gm/shared/orders/checkout-extras';
import { FieldError } from '../../../components/ui/form-fields.tsx';
import './saved-card.css';

const BRAND: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
};

/** "Visa •••• 4242, gültig bis 12/28" */
export function savedCardLabel(card: Pick<SavedCard, 'brand' | 'last4' | 'exp_month' | 'exp_year'>): string {
  const brand = BRAND[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}, gültig bis ${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
}

/** The saved card the checkout pays with (01 §4 "With a saved card it is used directly") and the 'Neue Karte' button (the spec's 'New Card'). */
export function SavedCardChoice({
  card,
  error,
  disabled,
  onNewCard,
}: {
  card: SavedCard;
  error?: string | undefined;
  disabled?: boolean;
  onNewCard: () => void;
}) {
  const id = useId();
  return (
    <div className="saved-card" data-testid="saved-card">
      <p className="field__label" id={`${id}-label`}>
        Gespeicherte Karte
      </p>
      <p className="saved-card__number" aria-describedby={`${id}-error`} data-testid="saved-card-label">
        {savedCardLabel(card)}
      </p>
      <FieldError id={`${id}-error`} error={error} />
      <button
        type="button"
        className="button button--outline button--small"
        onClick={onNewCard}
        disabled={disabled}
        data-testid="new-card"
      >
        Neue Karte
      </button>
    </div>
  );
}
