import { Link } from 'react-router';
import type { ApiUser } from '@gm/shared/auth/contracts';
import type { RoleName } from '@gm/shared/auth/roles';
import { paths } from '../../config/paths.ts';
import { AlertIcon, ChevronRightIcon } from '../ui/icons.tsx';
import { menuForRole, type MenuLink } from './menu.ts';

const ROLE_LABEL: Record<RoleName, string> = { admin: 'Administration', seller: 'Verkäuferbereich', user: 'Käuferbereich', scanner: 'Einlösestelle' };

/** Home for sellers, admins and scanner users until their dashboards arrive: a greeting and the menu's pages. */
export function RoleHome({ role, user }: { role: RoleName; user: ApiUser }) {
  const links: MenuLink[] = menuForRole(role, { categories: [], user })
    .flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.kind === 'group' ? entry.items : []))
    .filter((entry) => entry.to !== paths.home);
  return (
    <section className="container role-home" data-testid="role-home">
      <title>Home – Gutscheinmarkt</title>
      <header className="page-header">
        <p className="page-header__eyebrow">{ROLE_LABEL[role]}</p>
        <h1>Hallo {user.username}</h1>
        <p>Schön, dass du da bist. Hier geht’s direkt zu deinen Bereichen.</p>
      </header>
      {role === 'seller' && !user.isActivated && <DocumentsBanner />}
      <ul className="link-tiles">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="link-tile">
              <span>{l.label}</span>
              <ChevronRightIcon size={20} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 02 §2: while payout is not enabled, the seller dashboard asks for the verification documents.
 * Until the payout status endpoint exists, a seller that is not yet activated counts as not enabled.
 */
function DocumentsBanner() {
  return (
    <div className="notice notice--warning role-home__banner" data-testid="documents-banner">
      <AlertIcon size={22} />
      <div>
        <p className="notice__title">Auszahlungen sind noch nicht freigeschaltet</p>
        <p>
          Damit wir dein Konto prüfen und Auszahlungen freischalten können, brauchen wir deine Ausweisdokumente. Lade sie bitte in deinem Profil unter
          „Verifizierung“ hoch – nach der Prüfung melden wir uns innerhalb von 24 Stunden.
        </p>
        <p className="role-home__banner-action">
          <Link to={paths.profileVerification}>Dokumente hochladen</Link>
        </p>
      </div>
    </div>
  );
}
