import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useCart } from '../../entities/cart/api/cart.ts';
import { CheckoutForm } from '../../features/checkout/components/checkout-form.tsx';

/** /payment: 'Kasse' for buyers, 'Als Gast bestellen' for guests (01 §2 "Checkout"). */
export default function PaymentPage() {
  const auth = useAuth();
  const guest = !auth.isAuth;
  const { data, error, isLoading, refetch } = useCart();
  const title = guest ? 'Als Gast bestellen' : 'Kasse';
  // An empty cart shows only the empty state, unless a payment is being completed: the form stays
  // once it had lines (the cart empties as the orders complete) or when back from the provider (?payment=).
  const [searchParams] = useSearchParams();
  const [started, setStarted] = useState(false);
  const hasLines = (data?.data.length ?? 0) > 0;
  if (hasLines && !started) setStarted(true);
  const showEmpty = Boolean(data) && !hasLines && !started && !searchParams.has('payment');

  return (
    <div className="container checkout-page" data-testid="payment-page">
      <title>{`${title} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      {error && !data ? (
        <LoadFailed text="Dein Warenkorb konnte gerade nicht geladen werden." onRetry={() => void refetch()} />
      ) : !data ? (
        isLoading && <PageLoader label="Warenkorb wird geladen…" />
      ) : showEmpty ? (
        <div className="cart-page__empty" data-testid="payment-empty">
          <EmptyState />
          <Link to={paths.searchPage} className="button button--primary">
            Gutscheine entdecken
          </Link>
          <Link to={paths.cart}>Zum Warenkorb</Link>
        </div>
      ) : (
        <CheckoutForm lines={data.data} guest={guest} />
      )}
    </div>
  );
}
