import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TEXT } from '@gm/shared/validation/messages';
import { pathAfterLogin, paths } from '../../../config/paths.ts';
import { authStore } from '../../../lib/auth.ts';
import { webEnv, type HostedUi, type SocialProvider } from '../../../lib/env.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FacebookIcon, GoogleIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import {
  CALLBACK_PARAMS,
  SOCIAL_START_PARAM,
  completeSocialSignIn,
  isSocialCallback,
  mainSiteOrigin,
  startSocialSignIn,
} from '../social-sign-in.ts';
import './social-login.css';

/**
 * Social sign-in on /login (01 §4): the buttons of the providers in VITE_SOCIAL_PROVIDERS start the
 * hosted UI flow, and the same component finishes it when the hosted UI sends the browser back here.
 * Shown only when the hosted UI is configured as well (VITE_COGNITO_DOMAIN, VITE_COGNITO_CLIENT_ID).
 */
export function SocialLogin() {
  if (!webEnv.hostedUi || webEnv.socialProviders.length === 0) return null;
  return <SocialLoginPanel hostedUi={webEnv.hostedUi} providers={webEnv.socialProviders} />;
}

function SocialLoginPanel({ hostedUi, providers }: { hostedUi: HostedUi; providers: SocialProvider[] }) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Busy from the first render when arriving with an answer of the hosted UI or a hand-over from a tenant shop.
  const [busy, setBusy] = useState(
    () => isSocialCallback(params) || providers.some((p) => p.id === params.get(SOCIAL_START_PARAM)),
  );
  const handled = useRef(false);

  const start = useCallback(
    async (provider: SocialProvider) => {
      // Cognito accepts no wildcard callback: tenant shops hand over to the main site's /login, which starts the flow.
      const mainSite = mainSiteOrigin(window.location);
      if (mainSite) {
        window.location.assign(
          `${mainSite}${paths.login}?${new URLSearchParams({ [SOCIAL_START_PARAM]: provider.id }).toString()}`,
        );
        return;
      }
      setBusy(true);
      try {
        window.location.assign(
          await startSocialSignIn(provider, window.location.origin, { hostedUi, storage: window.sessionStorage }),
        );
      } catch (error) {
        console.error('Social sign-in could not start', error);
        setBusy(false);
        void dialog.warning(TEXT.socialFailed);
      }
    },
    [dialog, hostedUi],
  );

  useEffect(() => {
    // Once per visit: the flow's state is single use, so a second run (StrictMode) would fail it.
    if (handled.current) return;
    handled.current = true;
    const startWith = params.get(SOCIAL_START_PARAM);
    if (!isSocialCallback(params) && !startWith) return;
    const answer = new URLSearchParams(params);
    setParams(
      (current) => {
        for (const name of [...CALLBACK_PARAMS, SOCIAL_START_PARAM]) current.delete(name);
        return current;
      },
      { replace: true },
    );

    if (!isSocialCallback(answer)) {
      const provider = providers.find((p) => p.id === startWith);
      if (provider) void start(provider);
      return;
    }
    void completeSocialSignIn(answer, {
      hostedUi,
      storage: window.sessionStorage,
      fetch: (input, init) => fetch(input, init),
    }).then((result) => {
      if (result.kind === 'signed-in') {
        authStore.signIn(result);
        void navigate(pathAfterLogin(result.user.user_role.role.name), { replace: true });
        return;
      }
      setBusy(false);
      if (result.kind === 'failed') console.error('Social sign-in failed:', result.reason);
      void dialog.warning(result.kind === 'cancelled' ? TEXT.socialCancelled : TEXT.socialFailed);
    });
  }, [dialog, hostedUi, navigate, params, providers, setParams, start]);

  return (
    <div className="social-login" data-testid="social-login">
      <p className="divider">
        <span>oder</span>
      </p>
      <div className="social-login__buttons">
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            className="button button--outline button--block"
            disabled={busy}
            onClick={() => void start(p)}
            data-testid={`social-login-${p.id}`}
          >
            {p.id === 'google' ? <GoogleIcon size={20} /> : p.id === 'facebook' ? <FacebookIcon size={20} /> : null}
            Weiter mit {p.label}
          </button>
        ))}
      </div>
      <LoadingOverlay show={busy} label="Anmeldung läuft…" />
    </div>
  );
}
