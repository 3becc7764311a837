import { useId, type KeyboardEvent } from 'react';
import type { AuthResponse } from '@gm/shared/auth/contracts';
import { LoginForm } from './login-form.tsx';
import { RegisterBuyerForm } from './register-buyer-form.tsx';
import './combined-auth.css';

export type AuthTab = 'login' | 'register';

const TABS: { tab: AuthTab; label: string }[] = [
  { tab: 'login', label: 'Anmelden' },
  { tab: 'register', label: 'Registrieren' },
];

/**
 * /auth on tenants with custom authentication (01 §2, 03 §9): login and buyer registration on one page,
 * as two tabs over the same forms and contracts as /login and /register/buyer.
 */
export function CombinedAuth({
  tab,
  onTabChange,
  onLoggedIn,
  onRegistered,
}: {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onLoggedIn: (session: AuthResponse) => void;
  onRegistered: () => void;
}) {
  const id = useId();
  const tabId = (t: AuthTab) => `${id}-tab-${t}`;
  const panelId = `${id}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'login' ? 'register' : 'login';
    onTabChange(next);
    document.getElementById(tabId(next))?.focus();
  }

  return (
    <div className="combined-auth" data-testid="combined-auth">
      <div className="combined-auth__tabs" role="tablist" aria-label="Anmelden oder registrieren">
        {TABS.map(({ tab: t, label }) => (
          <button
            key={t}
            id={tabId(t)}
            type="button"
            role="tab"
            className={`combined-auth__tab${tab === t ? ' is-active' : ''}`}
            aria-selected={tab === t}
            aria-controls={panelId}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => onTabChange(t)}
            onKeyDown={onKeyDown}
            data-testid={`auth-tab-${t}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)}>
        {tab === 'login' ? (
          <LoginForm onSuccess={onLoggedIn} />
        ) : (
          <RegisterBuyerForm onRegistered={() => onRegistered()} />
        )}
      </div>
    </div>
  );
}
