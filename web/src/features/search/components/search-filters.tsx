import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Category } from '@gm/shared/catalogue/contracts';
import { REGIONS, SEASONS, TARGET_GROUPS } from '@gm/shared/catalogue/reference-data';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft.ts';
import {
  SORT_OPTIONS,
  cleanPriceInput,
  priceFilterOf,
  toggleListValue,
  toggleSort,
  type SearchState,
  type SearchUpdate,
} from '../search-state.ts';
import './search-filters.css';

type FiltersProps = {
  state: SearchState;
  /** Takes a function of the latest state, so quick repeated clicks build on each other. */
  onChange: (update: SearchUpdate) => void;
  categories: readonly Category[];
  /** On the category page the category comes from the route: no category choice, its sub-categories only. */
  fixedCategory?: Category | undefined;
  onReset: () => void;
};

/** Filter and sort sidebar (01 §2 "Search"): sort, category, sub-category, region, price, target groups, seasons. */
export function SearchFilters({ state, onChange, categories, fixedCategory, onReset }: FiltersProps) {
  const id = useId();
  const set = (patch: Partial<SearchState>) => onChange((s) => ({ ...s, ...patch }));
  const chosenCategory = fixedCategory ?? categories.find((c) => c.id === state.category || c.slug === state.category);
  const subcategoryGroups = chosenCategory ? [chosenCategory] : categories;

  return (
    <div className="search-filters" data-testid="search-filters">
      <fieldset className="search-filters__group">
        <legend className="search-filters__legend">Sortieren nach</legend>
        <div className="search-filters__sorts" role="group" aria-label="Sortierung">
          {SORT_OPTIONS.map((option) => (
            <button
              key={option.key}
              type="button"
              className={`chip${state.sort === option.key ? ' is-active' : ''}`}
              aria-pressed={state.sort === option.key}
              onClick={() => onChange((s) => toggleSort(s, option.key))}
              data-testid={`sort-${option.key}`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </fieldset>

      {!fixedCategory && (
        <FilterSelect
          id={`${id}-category`}
          label="Kategorie"
          value={chosenCategory?.id ?? ''}
          onChange={(category) => set({ category, subcategory: '' })}
          testId="filter-category"
        >
          <option value="">Alle Kategorien</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </FilterSelect>
      )}

      <FilterSelect
        id={`${id}-sub`}
        label="Unterkategorie"
        value={state.subcategory}
        onChange={(subcategory) => set({ subcategory })}
        testId="filter-subcategory"
      >
        <option value="">Alle Unterkategorien</option>
        {subcategoryGroups.map((c) =>
          chosenCategory ? (
            c.subcategories.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))
          ) : (
            <optgroup key={c.id} label={c.name}>
              {c.subcategories.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </FilterSelect>

      <FilterSelect
        id={`${id}-region`}
        label="Region"
        value={state.region}
        onChange={(region) => set({ region })}
        testId="filter-region"
      >
        <option value="">Alle Regionen</option>
        {REGIONS.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.label}
          </option>
        ))}
      </FilterSelect>

      <PriceFilter state={state} onChange={onChange} />

      <ChipGroup
        legend="Für wen"
        values={TARGET_GROUPS}
        chosen={state.targets}
        onToggle={(v) => onChange((s) => ({ ...s, targets: toggleListValue(s.targets, v) }))}
        testId="filter-targets"
      />
      <ChipGroup
        legend="Saison"
        values={SEASONS}
        chosen={state.seasons}
        onToggle={(v) => onChange((s) => ({ ...s, seasons: toggleListValue(s.seasons, v) }))}
        testId="filter-seasons"
      />

      <button type="button" className="link-button search-filters__reset" onClick={onReset} data-testid="filter-reset">
        Filter zurücksetzen
      </button>
    </div>
  );
}

/** One labelled select of the sidebar: the label above it in the legend style, the options as children. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  testId,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="search-filters__group">
      <label className="search-filters__legend" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {children}
      </select>
    </div>
  );
}

function ChipGroup({
  legend,
  values,
  chosen,
  onToggle,
  testId,
}: {
  legend: string;
  values: readonly string[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
  testId: string;
}) {
  return (
    <fieldset className="search-filters__group">
      <legend className="search-filters__legend">{legend}</legend>
      <div className="search-filters__chips" data-testid={testId}>
        {values.map((value) => (
          <label key={value} className={`chip chip--check${chosen.includes(value) ? ' is-active' : ''}`}>
            <input
              type="checkbox"
              className="visually-hidden"
              checked={chosen.includes(value)}
              onChange={() => onToggle(value)}
            />
            {value}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Price from/to in euros: applied when both are filled (01 §5), after 1 s of typing; negative input is cleared. */
function PriceFilter({ state, onChange }: { state: SearchState; onChange: (update: SearchUpdate) => void }) {
  const id = useId();
  // Both inputs commit together, so two timers ending in the same tick cannot undo each other.
  const typed = useRef({ from: state.priceFrom, to: state.priceTo });
  const commit = (patch: Partial<typeof typed.current>) => {
    const next = { ...typed.current, ...patch };
    onChange((s) => ({ ...s, priceFrom: cleanPriceInput(next.from), priceTo: cleanPriceInput(next.to) }));
  };
  const from = useDebouncedDraft(state.priceFrom, (v) => commit({ from: v }));
  const to = useDebouncedDraft(state.priceTo, (v) => commit({ to: v }));
  useEffect(() => {
    typed.current = { from: from.text, to: to.text };
  });
  const { error } = priceFilterOf(from.text, to.text);
  return (
    <fieldset className="search-filters__group">
      <legend className="search-filters__legend">Preis in €</legend>
      <div className="search-filters__price">
        <PriceInput id={`${id}-from`} label="Preis von (€)" placeholder="von" draft={from} testId="filter-price-from" />
        <span aria-hidden="true">–</span>
        <PriceInput
          id={`${id}-to`}
          label="Preis bis (€)"
          placeholder="bis"
          draft={to}
          invalid={Boolean(error)}
          describedBy={`${id}-price-hint`}
          testId="filter-price-to"
        />
      </div>
      <p id={`${id}-price-hint`} className={error ? 'field__error' : 'field__hint'} aria-live="polite">
        {error ? (
          <>
            <AlertIcon size={16} />
            <span>{error}</span>
          </>
        ) : (
          'Beide Felder ausfüllen, um nach Preis zu filtern.'
        )}
      </p>
    </fieldset>
  );
}

type PriceInputProps = {
  id: string;
  label: string;
  placeholder: string;
  draft: ReturnType<typeof useDebouncedDraft>;
  invalid?: boolean;
  describedBy?: string;
  testId: string;
};

/** One end of the price range: a visually hidden label; a leading minus empties it; Enter and leaving commit at once. */
function PriceInput({ id, label, placeholder, draft, invalid, describedBy, testId }: PriceInputProps) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        inputMode="decimal"
        placeholder={placeholder}
        value={draft.text}
        onChange={(e) => draft.setText(e.target.value.trim().startsWith('-') ? '' : e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && draft.flush()}
        onBlur={draft.flush}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </>
  );
}
