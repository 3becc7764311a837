import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { ORDER_TEXT } from '@gm/shared/orders/order-text';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { currentTenant } from '../../../lib/tenant.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { CartIcon, CheckCircleIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useSalesPause } from '../../sales-pause/api/sales-pause.ts';
import { useAddToCart, useRemoveCartLine } from '../api/cart.ts';
import './add-to-cart-button.css';

/** The success dialog closes after 1 s, then the page goes to the cart or the modal closes (01 §4, §9). */
const SUCCESS_MS = 1000;

type Props = {
  voucher: Pick<Voucher, 'id' | 'type'>;
  /** The valid amount (pieces or cents) from the purchase panel; undefined while the input is invalid. */
  choice: { amount: number } | undefined;
  variant: 'page' | 'modal';
  /** Modal variant: closes the detail modal after the success dialog. */
  onDone?: (() => void) | undefined;
};

/**
 * 'In den Warenkorb' (01 §2 "Voucher detail"): adds a pending line for buyers and guests; afterwards
 * it shows a checked state, and clicking it offers removal. Sellers, scanners, admins and tourism
 * employees see no button.
 */
export function AddToCartButton({ voucher, choice, variant, onDone }: Props) {
  const auth = useAuth();
  const dialog = useDialog();
  const navigate = useNavigate();
  const [lineId, setLineId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Buyers may buy as a gift: after paying they choose how to give it (/vouchers-gift/{orderId}, issues 5/6).
  const [asGift, setAsGift] = useState(false);
  // While sales are paused (app-status) the button is replaced by the notice before anyone tries.
  const { paused } = useSalesPause();
  const addLine = useAddToCart();
  const removeLine = useRemoveCartLine();

  if (auth.isAuth && (auth.role.name !== 'user' || auth.data.is_employee)) return null;
  if (paused && !lineId) {
    return (
      <p className="notice notice--info" role="note" data-testid="sales-paused-notice">
        <InfoIcon size={20} />
        <span>{ORDER_TEXT.salesPaused}</span>
      </p>
    );
  }

  async function add() {
    if (!choice) return;
    setBusy(true);
    try {
      const amount =
        voucher.type === 'value' ? { value: choice.amount, qty: null } : { qty: choice.amount, value: null };
      const answer = await addLine.mutateAsync({
        voucher_id: voucher.id,
        ...amount,
        is_gift: auth.isAuth && asGift,
        isSubdomain: Boolean(currentTenant),
        subdomain: currentTenant ?? null,
      });
      setLineId(answer.data.id);
      setBusy(false);
      await dialog.success(ORDER_TEXT.addedToCart, { autoCloseMs: SUCCESS_MS });
      if (variant === 'modal') onDone?.();
      else void navigate(paths.cart);
    } catch (error) {
      setBusy(false);
      // A refusal the buyer can act on (sales paused, a 422 such as a voucher not sold in this shop) is
      // shown as the server words it; anything else is the generic warning (01 §8).
      const refusal =
        error instanceof ApiError && (error.message === ORDER_TEXT.salesPaused || error.isValidation)
          ? (error.fieldError('voucher_id') ?? error.message)
          : TEXT.genericError;
      await dialog.warning(refusal);
      setLineId(null);
    }
  }

  async function remove() {
    if (!lineId) return;
    if (!(await dialog.confirm('Möchtest du den Gutschein aus dem Warenkorb entfernen?'))) return;
    setBusy(true);
    try {
      await removeLine.mutateAsync(lineId);
      setLineId(null);
      setBusy(false);
      await dialog.success(ORDER_TEXT.removedFromCart, { autoCloseMs: SUCCESS_MS });
    } catch {
      setBusy(false);
      await dialog.warning(TEXT.genericError);
    }
  }

  return (
    <>
      {auth.isAuth && !lineId && (
        <label className="checkbox" style={{ marginBottom: 'var(--space-3)' }} data-testid="add-to-cart-gift">
          <input
            type="checkbox"
            className="checkbox__input"
            checked={asGift}
            onChange={(e) => setAsGift(e.target.checked)}
            disabled={busy}
          />
          <span className="checkbox__label">Als Geschenk kaufen</span>
        </label>
      )}
      {lineId ? (
        <button
          type="button"
          className="button button--primary button--block add-to-cart add-to-cart--added"
          aria-pressed="true"
          onClick={() => void remove()}
          data-testid="add-to-cart"
        >
          <CheckCircleIcon size={20} />
          Im Warenkorb
        </button>
      ) : (
        <button
          type="button"
          className="button button--accent button--block add-to-cart"
          disabled={!choice || busy}
          onClick={() => void add()}
          data-testid="add-to-cart"
        >
          <CartIcon size={20} />
          In den Warenkorb
        </button>
      )}
      <LoadingOverlay show={busy} label="Wird verarbeitet…" />
    </>
  );
}
