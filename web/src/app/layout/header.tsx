import { useId, useState } from 'react';
import { Link } from 'react-router';
import { MenuNavLink } from './menu-link.tsx';
import { useAuth } from '../../lib/auth.ts';
import { roleOf } from '../../lib/auth-store.ts';
import { useCartCount } from '../../entities/cart/api/cart.ts';
import { useWishlist } from '../../entities/wishlist/api/wishlist.ts';
import { useCategories } from '../../entities/catalogue/api/categories.ts';
import { useLogout } from '../../entities/user/use-logout.ts';
import { paths } from '../../config/paths.ts';
import { menuForRole, showsShopIcons, type MenuEntry } from './menu.ts';
import { NavDropdown } from './nav-dropdown.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { useHideOnScroll } from './use-hide-on-scroll.ts';
import { Logo } from '../../components/ui/logo.tsx';
import { CartIcon, HeartIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useLoginPath } from '../../entities/tenant/use-custom-auth.ts';
import { TenantBrand, useTenantBrand } from '../../features/tenant/components/tenant-brand.tsx';
import './header.css';

export function Header() {
  const auth = useAuth();
  const role = roleOf(auth);
  const shopsHere = showsShopIcons(role, auth.data);
  const needsCategories = role === undefined || role === 'user';
  const categories = useCategories(needsCategories);
  const loginPath = useLoginPath();
  const entries = menuForRole(role, { categories: categories.data ?? [], user: auth.data, loginPath });
  const { logout, busy } = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hiddenByScroll = useHideOnScroll(52);
  const drawerId = useId();
  const tenantBrand = useTenantBrand();
  const categoriesEmpty = categories.error
    ? 'Kategorien konnten nicht geladen werden.'
    : categories.isLoading
      ? 'Wird geladen…'
      : 'Noch keine Daten vorhanden.';

  return (
    <>
      <header
        className={`site-header${entries.length > 6 ? ' site-header--long-menu' : ''}${tenantBrand ? ' site-header--tenant' : ''}${hiddenByScroll && !drawerOpen ? ' is-hidden' : ''}`}
        style={tenantBrand?.style}
        data-testid="site-header"
      >
        <div className="container site-header__inner">
          <Link
            to={paths.home}
            className="site-header__logo"
            aria-label={`${tenantBrand?.name ?? 'Gutscheinmarkt'} – zur Startseite`}
          >
            {tenantBrand ? <TenantBrand brand={tenantBrand} /> : <Logo />}
          </Link>

          <nav className="site-nav" aria-label="Hauptnavigation">
            <ul className="site-nav__list">
              {entries.map((entry) => (
                <li key={entryKey(entry)} className="site-nav__item">
                  <DesktopEntry entry={entry} onLogout={logout} categoriesEmpty={categoriesEmpty} />
                </li>
              ))}
            </ul>
          </nav>

          <div className="site-header__actions">
            {shopsHere && <ShopIcons />}
            <button
              type="button"
              className="icon-button site-header__menu-button"
              aria-label="Menü öffnen"
              aria-expanded={drawerOpen}
              aria-controls={drawerId}
              aria-haspopup="dialog"
              onClick={() => setDrawerOpen(true)}
              data-testid="menu-button"
            >
              <MenuIcon />
            </button>
          </div>
        </div>
      </header>
      <MobileDrawer
        id={drawerId}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        entries={entries}
        onLogout={logout}
        categoriesEmpty={categoriesEmpty}
      />
      <LoadingOverlay show={busy} label="Abmelden…" />
    </>
  );
}

export function entryKey(entry: MenuEntry): string {
  return entry.kind === 'link' ? `l:${entry.to}` : entry.kind === 'group' ? `g:${entry.id}` : 'logout';
}

function DesktopEntry({
  entry,
  onLogout,
  categoriesEmpty,
}: {
  entry: MenuEntry;
  onLogout: () => void;
  categoriesEmpty: string;
}) {
  switch (entry.kind) {
    case 'link':
      return (
        <MenuNavLink
          entry={entry}
          className={`site-nav__link${entry.to === paths.login || entry.to === paths.auth ? ' site-nav__link--cta' : ''}`}
        />
      );
    case 'group':
      return <NavDropdown group={entry} emptyText={entry.id === 'categories' ? categoriesEmpty : undefined} />;
    case 'logout':
      return (
        <button
          type="button"
          className="site-nav__link site-nav__logout"
          onClick={onLogout}
          data-testid="logout-button"
        >
          {entry.label}
        </button>
      );
  }
}

function ShopIcons() {
  const wishlist = useWishlist();
  const counts = { cart: useCartCount(), wishlist: wishlist.isEnabled ? wishlist.data?.data.length : 0 };
  return (
    <>
      <Link
        to={paths.wishList}
        className="icon-button badge-host"
        aria-label={
          counts.wishlist === undefined ? 'Meine Wunschliste' : `Meine Wunschliste, ${counts.wishlist} Gutscheine`
        }
        data-testid="wishlist-link"
      >
        <HeartIcon />
        {counts.wishlist !== undefined && (
          <span className="badge" aria-hidden="true" data-testid="wishlist-count">
            {counts.wishlist}
          </span>
        )}
      </Link>
      <Link
        to={paths.cart}
        className="icon-button badge-host"
        aria-label={counts.cart === undefined ? 'Warenkorb' : `Warenkorb, ${counts.cart} Gutscheine`}
        data-testid="cart-link"
      >
        <CartIcon />
        {counts.cart !== undefined && (
          <span className="badge" aria-hidden="true" data-testid="cart-count">
            {counts.cart}
          </span>
        )}
      </Link>
    </>
  );
}
