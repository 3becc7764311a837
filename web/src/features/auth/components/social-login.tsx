import { TEXT } from '@gm/shared/validation/messages';
import { webEnv } from '../../../lib/env.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FacebookIcon, GoogleIcon } from '../../../components/ui/icons.tsx';

/**
 * Social sign-in buttons, shown only for the providers configured in VITE_SOCIAL_PROVIDERS.
 * The provider SDK flow (01 §4) is not wired yet, so a click reports the spec's failure text.
 */
export function SocialLogin() {
  const dialog = useDialog();
  if (webEnv.socialProviders.length === 0) return null;
  return (
    <div className="social-login" data-testid="social-login">
      <p className="divider">
        <span>oder</span>
      </p>
      <div className="social-login__buttons">
        {webEnv.socialProviders.map((p) => (
          <button key={p.id} type="button" className="button button--outline button--block" onClick={() => void dialog.warning(TEXT.socialFailed)}>
            {p.id === 'google' ? <GoogleIcon size={20} /> : p.id === 'facebook' ? <FacebookIcon size={20} /> : null}
            Weiter mit {p.label}
          </button>
        ))}
      </div>
    </div>
  );
}
