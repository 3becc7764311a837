import { CONNECT_TEXT } from '@gm/shared/admin/connect-onboarding';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStartStripeOnboarding, useStripeStatus } from '../api/payout-account.ts';
import './payout-setup.css';

/**
 * 'Auszahlungen einrichten' (issue 12): asks the API for the seller's Stripe Account Link and leaves
 * for it; Stripe (locally the stand-in's page) sends the seller back to the profile's tab 2.
 */
export function StartPayoutSetupButton({ className = 'button button--primary' }: { className?: string }) {
  const start = useStartStripeOnboarding();
  const dialog = useDialog();
  const busy = start.isPending || start.isSuccess;
  const onClick = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) =>
        void dialog.warning(error instanceof ApiError && error.status === 422 ? error.message : TEXT.genericError),
    });
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      data-testid="payout-setup"
    >
      {busy ? (
        <>
          <Spinner size="sm" /> {CONNECT_TEXT.starting}
        </>
      ) : (
        CONNECT_TEXT.start
      )}
    </button>
  );
}

/**
 * The payout section of the profile's tab 2: enabled, waiting for Stripe, or the button. `back`: the
 * seller just returned from Stripe (`?stripe=return`), so the status is asked again until it is on;
 * `expired`: Stripe sent the seller to the refresh_url (`?stripe=refresh`), a new link is one click away.
 */
export function PayoutSetupSection({ back, expired = false }: { back: boolean; expired?: boolean }) {
  const { data } = useStripeStatus({ poll: back });
  const status = data?.isPayoutEnabled;
  return (
    <section className="payout-setup card" aria-labelledby="payout-setup-title" data-testid="payout-setup-section">
      <h2 id="payout-setup-title" className="payout-setup__title">
        Auszahlungen
      </h2>
      {status === undefined ? (
        <Spinner size="sm" label="Status wird geladen…" />
      ) : status ? (
        <p className="payout-setup__enabled" role="status" data-testid="payout-enabled">
          {CONNECT_TEXT.enabled}
        </p>
      ) : (
        <>
          <p>{back ? CONNECT_TEXT.pending : expired ? CONNECT_TEXT.expired : CONNECT_TEXT.intro}</p>
          <StartPayoutSetupButton />
        </>
      )}
    </section>
  );
}
