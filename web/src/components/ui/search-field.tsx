import { SearchIcon } from './icons.tsx';
import './search-field.css';

/** 03 §9: admin searches wait 350 ms after the last key. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 350;

/** The search box above an admin table: a magnifier, a hidden label, the input (debounced by the caller). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  testId,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  className?: string;
}) {
  return (
    <label className={className ? `search-field ${className}` : 'search-field'}>
      <SearchIcon size={18} />
      <span className="visually-hidden">{label}</span>
      <input
        type="search"
        className="input search-field__input"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={100}
        data-testid={testId}
      />
    </label>
  );
}
