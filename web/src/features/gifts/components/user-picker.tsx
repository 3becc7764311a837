import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { GIFT_TEXT, USER_FILTER_DEBOUNCE_MS, type UserFilterEntry } from '@gm/shared/wallet/gift';
import { FieldError } from '../../../components/ui/form-fields.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { filterUsers } from '../api/gifts.ts';
import './user-picker.css';

type Props = {
  value: UserFilterEntry | null;
  onChange: (user: UserFilterEntry | null) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/**
 * The searchable select of buyers for a wallet gift (01 §2 "Gift cart"): a combobox that asks
 * `user/user-filter` 350 ms after the last keystroke (01 §7), arrow keys move through the list,
 * Enter picks, Escape closes.
 */
export function UserPicker({ value, onChange, disabled, error }: Props) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<UserFilterEntry[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (value || disabled) return;
    const term = keyword.trim();
    if (!term) {
      setResults([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      filterUsers(term, controller.signal)
        .then((found) => {
          setResults(found);
          setActive(0);
          setOpen(true);
        })
        .catch(() => setResults([]))
        .finally(() => setLoading(false));
    }, USER_FILTER_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, value, disabled]);

  function pick(user: UserFilterEntry) {
    onChange(user);
    setOpen(false);
    setKeyword('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(results.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && results[active]) {
      event.preventDefault();
      pick(results[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const errorId = `${id}-error`;
  if (value) {
    return (
      <div className={`field user-picker${error ? ' field--invalid' : ''}`} data-testid="gift-user-picker">
        <span className="field__label">{GIFT_TEXT.userLabel}</span>
        <div className="user-picker__chosen">
          <span data-testid="gift-user-chosen">{value.username}</span>
          <button type="button" className="link-button" onClick={() => onChange(null)} disabled={disabled}>
            Ändern
          </button>
        </div>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  const listId = `${id}-list`;
  return (
    <div className={`field user-picker${error ? ' field--invalid' : ''}`} data-testid="gift-user-picker">
      <label className="field__label" htmlFor={`${id}-input`}>
        {GIFT_TEXT.userLabel}
      </label>
      <div className="field__control">
        <input
          id={`${id}-input`}
          className="input"
          role="combobox"
          aria-expanded={open && results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && results[active] ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          placeholder={GIFT_TEXT.userPlaceholder}
          autoComplete="off"
          value={keyword}
          disabled={disabled}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => results.length && setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          data-testid="gift-user-search"
        />
        {loading && (
          <span className="field__adornment">
            <Spinner size="sm" label="Suche läuft…" />
          </span>
        )}
      </div>
      {open && (
        <ul id={listId} role="listbox" className="user-picker__list" aria-label={GIFT_TEXT.userLabel}>
          {results.length === 0 ? (
            <li className="user-picker__empty" role="presentation">
              {GIFT_TEXT.noUsers}
            </li>
          ) : (
            results.map((user, index) => (
              <li
                key={user.id}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                className={`user-picker__option${index === active ? ' user-picker__option--active' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(user);
                }}
                data-testid="gift-user-option"
              >
                {user.username}
              </li>
            ))
          )}
        </ul>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
