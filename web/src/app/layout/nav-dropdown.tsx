import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { MenuGroup } from './menu.ts';
import { ChevronDownIcon } from '../../components/ui/icons.tsx';
import './nav-dropdown.css';

/** A disclosure menu in the desktop header: opens on click, closes on Escape, outside click and navigation. */
export function NavDropdown({ group, emptyText }: { group: MenuGroup; emptyText?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const wide = group.items.length > 6;
  return (
    <div
      className="nav-dropdown"
      ref={rootRef}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__link nav-dropdown__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid={`nav-group-${group.id}`}
      >
        {group.label}
        <ChevronDownIcon size={16} className="nav-dropdown__chevron" />
      </button>
      <div id={panelId} className={`nav-dropdown__panel${wide ? ' nav-dropdown__panel--wide' : ''}`} hidden={!open}>
        {group.items.length === 0 ? (
          <p className="nav-dropdown__empty">{emptyText ?? 'Wird geladen…'}</p>
        ) : (
          <ul className="nav-dropdown__list">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-dropdown__link" onClick={() => setOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
