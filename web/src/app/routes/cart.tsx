import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ORDER_TEXT, type OrderLine } from '@gm/shared/orders/contracts';
import { formatEuro } from '@gm/shared/money/money';
import { TEXT } from '@gm/shared/validation/messages';
import { useAuth } from '../../lib/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../config/paths.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AlertIcon, InfoIcon } from '../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useCart, useRemoveCartLine, useUpdateCartLine } from '../../entities/cart/api/cart.ts';
import { CartLine } from '../../entities/cart/components/cart-line.tsx';
import { cartItemCount, cartTotal, type StepResult } from '../../entities/cart/cart-rules.ts';
import { cartReturnFlag } from '../../entities/cart/cart-session.ts';
import { usePaymentCompletion } from '../../features/checkout/use-payment-completion.ts';
import { useTenantShop } from '../../entities/tenant/api/tenant-shop.ts';
import './cart.css';

/**
 * /cart 'Warenkorb' (01 §2 "Cart"): the personalise note, the lines with steppers and delete, 'Gesamt'
 * and 'Zur Kasse'; `?status=failed` shows the payment-cancelled warning, `?payment=<id>` (back from a
 * redirect payment) waits for that payment.
 */
export default function CartPage() {
  const auth = useAuth();
  const dialog = useDialog();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data, error, isLoading, refetch } = useCart();
  const removeLine = useRemoveCartLine();
  const updateLine = useUpdateCartLine();
  const tenantShop = useTenantShop().data?.data;
  const [busy, setBusy] = useState(false);
  const lines = data?.data ?? [];
  const returningPayment = params.get('payment');

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      await dialog.warning(failure instanceof ApiError && failure.isValidation ? failure.message : TEXT.genericError);
    } finally {
      setBusy(false);
    }
  }

  async function remove(line: OrderLine) {
    if (!(await dialog.confirm('Möchtest du diesen Gutschein aus dem Warenkorb entfernen?'))) return;
    await run(() => removeLine.mutateAsync(line.id));
  }

  async function step(line: OrderLine, result: StepResult) {
    if (result.kind === 'none') return;
    if (result.kind === 'confirm-remove') return remove(line);
    await run(() => updateLine.mutateAsync({ id: line.id, amount: result.patch }));
  }

  function checkout() {
    // 03 §9: tenants with custom authentication check out at /payment even when not logged in.
    if (auth.isAuth || tenantShop?.is_custom_auth) return void navigate(paths.payment);
    // The login brings the guest back to the cart (01 §4 "if a cart flag was set").
    cartReturnFlag.set();
    void navigate(paths.login);
  }

  return (
    <div className="container cart-page" data-testid="cart-page">
      <title>Warenkorb – Gutscheinmarkt</title>
      <header className="page-header">
        <h1>Warenkorb</h1>
      </header>

      {returningPayment && <PaymentReturn paymentId={returningPayment} />}

      {params.get('status') === 'failed' && (
        <div className="notice notice--warning" role="alert" data-testid="payment-cancelled">
          <AlertIcon size={20} />
          <p>{ORDER_TEXT.paymentCancelled}</p>
        </div>
      )}

      <div className="notice notice--info cart-page__note">
        <InfoIcon size={20} />
        <p>{ORDER_TEXT.cartNote}</p>
      </div>

      {error && !data ? (
        <LoadFailed text="Dein Warenkorb konnte gerade nicht geladen werden." onRetry={() => void refetch()} />
      ) : !data ? (
        isLoading && <PageLoader label="Warenkorb wird geladen…" />
      ) : lines.length === 0 ? (
        <div className="cart-page__empty">
          <EmptyState />
          <Link to={paths.searchPage} className="button button--primary">
            Gutscheine entdecken
          </Link>
        </div>
      ) : (
        <div className="cart-page__layout">
          <ul className="cart-lines" aria-label="Gutscheine im Warenkorb" data-testid="cart-lines">
            {lines.map((line) => (
              <CartLine
                key={line.id}
                line={line}
                busy={busy}
                onStep={(l, r) => void step(l, r)}
                onRemove={(l) => void remove(l)}
              />
            ))}
          </ul>
          <aside className="cart-summary card" aria-label="Summe">
            <p className="cart-summary__row">
              <span>{cartItemCount(lines) === 1 ? '1 Gutschein' : `${cartItemCount(lines)} Gutscheine`}</span>
            </p>
            <p className="cart-summary__total">
              <span>Gesamt</span>
              <strong data-testid="cart-total">{formatEuro(cartTotal(lines))}</strong>
            </p>
            <p className="cart-summary__vat">inkl. MwSt.</p>
            <button
              type="button"
              className="button button--accent button--block"
              onClick={checkout}
              disabled={busy}
              data-testid="cart-checkout"
            >
              Zur Kasse
            </button>
          </aside>
        </div>
      )}
      <LoadingOverlay show={busy} />
    </div>
  );
}

/** Back from 3-D Secure or the bank: wait for the payment; failed → the cancelled warning. */
function PaymentReturn({ paymentId }: { paymentId: string }) {
  const navigate = useNavigate();
  const { confirm, confirming } = usePaymentCompletion();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === paymentId) return;
    started.current = paymentId;
    void confirm(paymentId).then((outcome) => {
      if (outcome !== 'completed') void navigate(paths.cartPaymentFailed, { replace: true });
    });
  }, [paymentId, confirm, navigate]);

  return <LoadingOverlay show={confirming} label="Zahlung wird bestätigt…" />;
}
