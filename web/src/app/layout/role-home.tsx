import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { ApiUser } from '@gm/shared/auth/contracts';
import type { RoleName } from '@gm/shared/auth/roles';
import { paths } from '../../config/paths.ts';
import { ChevronRightIcon } from '../../components/ui/icons.tsx';
import { menuForRole, type MenuLink } from './menu.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import './role-home.css';

// Each role loads only its own home: a seller never loads the admin's parts, nor an admin the seller dashboard.
const SellerDashboard = lazy(() =>
  import('../../features/seller-dashboard/components/seller-dashboard.tsx').then((m) => ({
    default: m.SellerDashboard,
  })),
);
const AdminHomeParts = lazy(() => import('./admin-home-parts.tsx'));

const ROLE_LABEL: Record<RoleName, string> = {
  admin: 'Administration',
  seller: 'Verkäuferbereich',
  user: 'Käuferbereich',
  scanner: 'Einlösestelle',
};

/** Home for admins and scanner users until their dashboards arrive (a greeting and the menu's pages); sellers get their dashboard (02 §2). */
export function RoleHome({ role, user }: { role: RoleName; user: ApiUser }) {
  const links: MenuLink[] = menuForRole(role, { categories: [], user })
    .flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.kind === 'group' ? entry.items : []))
    .filter((entry) => entry.to !== paths.home);
  const tiles = (
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
  );
  if (role === 'seller')
    return (
      <Suspense fallback={<PageLoader />}>
        <SellerDashboard user={user} links={tiles} />
      </Suspense>
    );
  return (
    <section className="container role-home" data-testid="role-home">
      <title>Home – Gutscheinmarkt</title>
      <header className="page-header">
        <p className="page-header__eyebrow">{ROLE_LABEL[role]}</p>
        <h1>Hallo {user.username}</h1>
        <p>Schön, dass du da bist. Hier geht’s direkt zu deinen Bereichen.</p>
      </header>
      {role === 'admin' ? (
        <Suspense fallback={tiles}>
          <AdminHomeParts tiles={tiles} />
        </Suspense>
      ) : (
        tiles
      )}
    </section>
  );
}
