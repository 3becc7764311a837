import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SAVED_CARD_TEXT } from '@gm/shared/orders/checkout-extras';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { useRemoveSavedCard, useSaveCard, useSavedCard } from '../api/saved-card.ts';
import { CardInput, type CardInputHandle } from './card-input.tsx';
import { savedCardLabel } from './saved-card-choice.tsx';
import './payment-methods.css';
import './saved-card.css';

/** 01 §2 "Profile": after saving the card the buyer goes to /home, once the success dialog closed (1 s). */
const SUCCESS_MS = 1000;

/**
 * 'Zahlungsmethoden' (/profile-payment, buyers only): the saved card with 'Karte ersetzen' and
 * 'Karte entfernen', or the card form to save one (`POST user-stripe`).
 */
export function PaymentMethods() {
  const dialog = useDialog();
  const navigate = useNavigate();
  const card = useRef<CardInputHandle>(null);
  const { data, error, isLoading, refetch } = useSavedCard({ enabled: true });
  const saveCard = useSaveCard();
  const removeCard = useRemoveSavedCard();
  const [editing, setEditing] = useState(false);
  const [cardError, setCardError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const saved = data?.data.card ?? null;
  const showForm = !saved || editing;

  async function save() {
    setCardError(undefined);
    setBusy(true);
    try {
      const created = await card.current?.createPaymentMethod();
      if (!created || 'error' in created) return setCardError(created?.error ?? TEXT.genericError);
      await saveCard.mutateAsync(created.id);
      setBusy(false);
      await dialog.success(SAVED_CARD_TEXT.saved, { autoCloseMs: SUCCESS_MS });
      void navigate(paths.home);
    } catch (err) {
      const onCard = err instanceof ApiError ? (err.fieldError('card') ?? err.fieldError('source')) : undefined;
      if (onCard) setCardError(onCard);
      else await dialog.warning(err instanceof ApiError && err.status === 409 ? err.message : TEXT.genericError);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!(await dialog.confirm('Möchtest du die gespeicherte Karte wirklich entfernen?'))) return;
    setBusy(true);
    try {
      await removeCard.mutateAsync();
      setBusy(false);
      await dialog.success(SAVED_CARD_TEXT.removed, { autoCloseMs: SUCCESS_MS });
    } catch {
      setBusy(false);
      await dialog.warning(TEXT.genericError);
    }
  }

  if (error && !data)
    return (
      <LoadFailed text="Deine Zahlungsmethoden konnten gerade nicht geladen werden." onRetry={() => void refetch()} />
    );
  if (!data) return isLoading ? <PageLoader label="Zahlungsmethoden werden geladen…" /> : null;

  return (
    <div className="profile-payment" data-testid="payment-methods">
      <h2 className="profile-payment__title">Zahlungsmethoden</h2>
      {saved ? (
        <div className="saved-card" data-testid="saved-card">
          <p className="field__label">Gespeicherte Karte</p>
          <p className="saved-card__number" data-testid="saved-card-label">
            {savedCardLabel(saved)}
          </p>
          {!editing && (
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                onClick={() => setEditing(true)}
                disabled={busy}
                data-testid="replace-card"
              >
                Karte ersetzen
              </button>
              <button
                type="button"
                className="button button--outline"
                onClick={() => void remove()}
                disabled={busy}
                data-testid="remove-card"
              >
                Karte entfernen
              </button>
            </div>
          )}
        </div>
      ) : (
        <p data-testid="no-saved-card">
          Noch keine Karte gespeichert. Speichere eine Karte, um beim nächsten Einkauf schneller zu bezahlen.
        </p>
      )}
      {showForm && (
        <form
          className="profile-payment__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <CardInput
            ref={card}
            error={cardError}
            disabled={busy}
            purpose="setup"
            onCardChange={() => setCardError(undefined)}
          />
          <div className="button-row">
            <button type="submit" className="button button--accent" disabled={busy} data-testid="save-card">
              Speichern
            </button>
            {editing && (
              <button
                type="button"
                className="button button--outline"
                onClick={() => setEditing(false)}
                disabled={busy}
              >
                Abbrechen
              </button>
            )}
          </div>
        </form>
      )}
      <LoadingOverlay show={busy} label="Wird gespeichert…" />
    </div>
  );
}
