import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { GIFT_TEXT, USER_FILTER_DEBOUNCE_MS, type UserFilterEntry } from '@gm/shared/wallet/gift';
import { FieldError } from '../../../components/ui/form-fields.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft.ts';
import { useUserSearch } from '../api/gifts.ts';
import './user-picker.css';

type Props = {
  value: UserFilterEntry | null;
  onChange: (user: UserFilterEntry | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string | undefined;
  /** The search input, so the form can focus it when no buyer is chosen. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The searchable select of buyers for a wallet gift (01 §2 "Gift cart"): a combobox that asks
 * `user/user-filter` 350 ms after the last keystroke (01 §7; the debounced keyword is the query's
 * key, so an older search is cancelled and a repeated one answered from the cache), arrow keys move
 * through the list, Enter picks, Escape closes. The list opens below the input (inside its control),
 * never over the label.
 */
export function UserPicker({ value, onChange, onBlur, disabled, error, inputRef }: Props) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const draft = useDebouncedDraft(keyword, setKeyword, USER_FILTER_DEBOUNCE_MS);
  const term = keyword.trim();
  const search = useUserSearch(term, !value && !disabled);
  const results = search.data ?? [];
  const [open, setOpen] = useState(false);
  // The highlighted option belongs to one keyword's answer; a new answer starts at the first.
  const [active, setActive] = useState({ term, index: 0 });
  const activeIndex = active.term === term ? active.index : 0;
  const waiting = draft.text.trim() !== '' && (draft.text.trim() !== term || search.isFetching);
  const showList = open && term !== '' && draft.text.trim() !== '' && search.data !== undefined;

  function type(text: string) {
    draft.setText(text);
    setOpen(true);
  }

  function pick(user: UserFilterEntry) {
    onChange(user);
    setOpen(false);
    setKeyword('');
    draft.setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive({ term, index: Math.min(activeIndex + 1, Math.max(results.length - 1, 0)) });
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive({ term, index: Math.max(activeIndex - 1, 0) });
    } else if (event.key === 'Enter' && showList && results[activeIndex]) {
      event.preventDefault();
      pick(results[activeIndex]);
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
          ref={inputRef}
          id={`${id}-input`}
          className="input"
          role="combobox"
          aria-expanded={showList && results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && results[activeIndex] ? `${id}-opt-${activeIndex}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          placeholder={GIFT_TEXT.userPlaceholder}
          autoComplete="off"
          value={draft.text}
          disabled={disabled}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            onBlur?.();
            window.setTimeout(() => setOpen(false), 150);
          }}
          data-testid="gift-user-search"
        />
        {waiting && (
          <span className="field__adornment">
            <Spinner size="sm" label="Suche läuft…" />
          </span>
        )}
        {/* Inside the positioned control: the absolutely placed list starts below the input. */}
        {showList && (
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
                  aria-selected={index === activeIndex}
                  className={`user-picker__option${index === activeIndex ? ' user-picker__option--active' : ''}`}
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
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
