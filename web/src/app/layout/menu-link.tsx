import { Link, useLocation } from 'react-router';
import { isMenuLinkActive, type MenuLink } from './menu.ts';

/** A top-level menu link, marked `active` / aria-current on its own page and on its sub-pages (menu.ts `activeUnder`). */
export function MenuNavLink({
  entry,
  className,
  onClick,
}: {
  entry: MenuLink;
  className: string;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isMenuLinkActive(entry, pathname);
  return (
    <Link
      to={entry.to}
      className={`${className}${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {entry.label}
    </Link>
  );
}
