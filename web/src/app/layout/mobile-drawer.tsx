import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { MenuNavLink } from './menu-link.tsx';
import { ChevronDownIcon, CloseIcon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import type { MenuEntry, MenuGroup } from './menu.ts';
import './mobile-drawer.css';

type DrawerProps = {
  id: string;
  open: boolean;
  onClose: () => void;
  entries: MenuEntry[];
  onLogout: () => void;
  categoriesEmpty: string;
};

/** The mobile menu (≤ 767 px): a side panel with the role's entries; a modal dialog, so focus stays inside. */
export function MobileDrawer({ id, open, onClose, entries, onLogout, categoriesEmpty }: DrawerProps) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="drawer" testId="mobile-drawer">
      <div className="drawer__header" id={id}>
        <span id={titleId} className="drawer__title">
          <Logo />
          <span className="visually-hidden">Menü</span>
        </span>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Menü schließen">
          <CloseIcon />
        </button>
      </div>
      <nav aria-label="Hauptnavigation mobil">
        <ul className="drawer__list">
          {entries.map((entry) => (
            <li key={entry.kind === 'link' ? entry.to : entry.kind === 'group' ? entry.id : 'logout'}>
              {entry.kind === 'link' && <MenuNavLink entry={entry} className="drawer__link" onClick={onClose} />}
              {entry.kind === 'group' && <DrawerGroup group={entry} onNavigate={onClose} emptyText={categoriesEmpty} />}
              {entry.kind === 'logout' && (
                <button
                  type="button"
                  className="drawer__link drawer__logout"
                  onClick={() => {
                    onClose();
                    onLogout();
                  }}
                >
                  {entry.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </Modal>
  );
}

function DrawerGroup({
  group,
  onNavigate,
  emptyText,
}: {
  group: MenuGroup;
  onNavigate: () => void;
  emptyText: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  return (
    <>
      <button
        type="button"
        className="drawer__link drawer__group-button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((e) => !e)}
      >
        {group.label}
        <ChevronDownIcon size={18} className="drawer__chevron" />
      </button>
      <ul id={listId} className="drawer__sublist" hidden={!expanded}>
        {group.items.length === 0 && <li className="drawer__empty">{emptyText}</li>}
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="drawer__sublink" onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}
