import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RoleName } from '@gm/shared/auth/roles';
import { PROFILE_TEXT } from '@gm/shared/users/profile';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../../../entities/user/use-logout.ts';
import './profile-layout.css';

export type ProfileTab = 'info' | 'password' | 'verification' | 'payment' | 'orders';

type TabLink = { id: ProfileTab; label: string; to: string };

/** The tab strip of 01 §2 / 02 §2: Profil, Passwort, (sellers: Verifizierung), (buyers: Zahlungsmethoden), Bestellungen, Ausloggen. */
export function profileTabs(role: RoleName): TabLink[] {
  const tabs: TabLink[] = [
    { id: 'info', label: 'Profil', to: paths.profileInfo },
    { id: 'password', label: 'Passwort', to: paths.profileSettings },
  ];
  if (role === 'seller') tabs.push({ id: 'verification', label: 'Verifizierung', to: paths.profileVerification });
  if (role === 'user') {
    tabs.push({ id: 'payment', label: 'Zahlungsmethoden', to: paths.profilePayment });
    tabs.push({ id: 'orders', label: 'Bestellungen', to: paths.orders });
  }
  if (role === 'seller') tabs.push({ id: 'orders', label: 'Bestellungen', to: '/orders-earnings' });
  return tabs;
}

/** The card 'Profil & Einstellungen' with the tab strip above the active tab's form. */
export function ProfileLayout({
  role,
  active,
  children,
  pageTitle = PROFILE_TEXT.title,
  wide = false,
}: {
  role: RoleName;
  active: ProfileTab;
  children: ReactNode;
  pageTitle?: string;
  wide?: boolean;
}) {
  const { logout, busy } = useLogout();
  return (
    <div className={`container profile-page${wide ? ' profile-page--wide' : ''}`} data-testid="profile-page">
      <title>{`${pageTitle} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <h1>{PROFILE_TEXT.title}</h1>
      </header>
      <nav className="profile-tabs" aria-label="Profilbereiche">
        <ul className="profile-tabs__list">
          {profileTabs(role).map((tab) => (
            <li key={tab.id}>
              <Link
                to={tab.to}
                className={`profile-tabs__tab${tab.id === active ? ' is-active' : ''}`}
                aria-current={tab.id === active ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
          <li className="profile-tabs__logout">
            <button type="button" className="profile-tabs__tab" onClick={() => void logout()} disabled={busy}>
              Ausloggen
            </button>
          </li>
        </ul>
      </nav>
      <section className="card profile-card">{children}</section>
    </div>
  );
}
