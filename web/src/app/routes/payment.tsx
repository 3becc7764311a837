import { useAuth } from '../../lib/auth.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useCart } from '../../features/cart/api/cart.ts';
import { CheckoutForm } from '../../features/checkout/components/checkout-form.tsx';
import '../../styles/cart.css';

/** /payment: 'Kasse' for buyers, 'Als Gast bestellen' for guests (01 §2 "Checkout"). */
export default function PaymentPage() {
  const auth = useAuth();
  const guest = !auth.isAuth;
  const { data, error, isLoading, reload } = useCart(auth.isAuth ? auth.data.id : 'guest');
  const title = guest ? 'Als Gast bestellen' : 'Kasse';

  return (
    <div className="container checkout-page" data-testid="payment-page">
      <title>{`${title} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      {error && !data ? (
        <LoadFailed text="Dein Warenkorb konnte gerade nicht geladen werden." onRetry={reload} />
      ) : !data ? (
        isLoading && <PageLoader label="Warenkorb wird geladen…" />
      ) : (
        <>
          {data.data.length === 0 && <EmptyState />}
          <CheckoutForm lines={data.data} guest={guest} />
        </>
      )}
    </div>
  );
}
