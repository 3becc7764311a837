import { useEffect, useId, useRef } from 'react';
import type { Category } from '@gm/shared/catalogue/contracts';
import { REGIONS, SEASONS, TARGET_GROUPS } from '@gm/shared/catalogue/reference-data';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft.ts';
import { SORT_OPTIONS, cleanPriceInput, priceFilterOf, toggleListValue, toggleSort, type SearchState, type SearchUpdate } from '../search-state.ts';

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
        <div className="search-filters__group">
          <label className="search-filters__legend" htmlFor={`${id}-category`}>
            Kategorie
          </label>
          <select
            id={`${id}-category`}
            className="input select"
            value={chosenCategory?.id ?? ''}
            onChange={(e) => set({ category: e.target.value, subcategory: '' })}
            data-testid="filter-category"
          >
            <option value="">Alle Kategorien</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className="search-filters__group">
        <label className="search-filters__legend" htmlFor={`${id}-sub`}>
          Unterkategorie
        </label>
        <select id={`${id}-sub`} className="input select" value={state.subcategory} onChange={(e) => set({ subcategory: e.target.value })} data-testid="filter-subcategory">
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
        </select>
      </div>

      <div className="search-filters__group">
        <label className="search-filters__legend" htmlFor={`${id}-region`}>
          Region
        </label>
        <select id={`${id}-region`} className="input select" value={state.region} onChange={(e) => set({ region: e.target.value })} data-testid="filter-region">
          <option value="">Alle Regionen</option>
          {REGIONS.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.label}
            </option>
          ))}
        </select>
      </div>

      <PriceFilter state={state} onChange={onChange} />

      <ChipGroup legend="Für wen" values={TARGET_GROUPS} chosen={state.targets} onToggle={(v) => onChange((s) => ({ ...s, targets: toggleListValue(s.targets, v) }))} testId="filter-targets" />
      <ChipGroup legend="Saison" values={SEASONS} chosen={state.seasons} onToggle={(v) => onChange((s) => ({ ...s, seasons: toggleListValue(s.seasons, v) }))} testId="filter-seasons" />

      <button type="button" className="link-button search-filters__reset" onClick={onReset} data-testid="filter-reset">
        Filter zurücksetzen
      </button>
    </div>
  );
}

function ChipGroup({ legend, values, chosen, onToggle, testId }: { legend: string; values: readonly string[]; chosen: readonly string[]; onToggle: (value: string) => void; testId: string }) {
  return (
    <fieldset className="search-filters__group">
      <legend className="search-filters__legend">{legend}</legend>
      <div className="search-filters__chips" data-testid={testId}>
        {values.map((value) => (
          <label key={value} className={`chip chip--check${chosen.includes(value) ? ' is-active' : ''}`}>
            <input type="checkbox" className="visually-hidden" checked={chosen.includes(value)} onChange={() => onToggle(value)} />
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
  const clean = (text: string) => (text.trim().startsWith('-') ? '' : text);
  return (
    <fieldset className="search-filters__group">
      <legend className="search-filters__legend">Preis in €</legend>
      <div className="search-filters__price">
        <label className="visually-hidden" htmlFor={`${id}-from`}>
          Preis von (€)
        </label>
        <input
          id={`${id}-from`}
          className="input"
          inputMode="decimal"
          placeholder="von"
          value={from.text}
          onChange={(e) => from.setText(clean(e.target.value))}
          onKeyDown={(e) => e.key === 'Enter' && from.flush()}
          onBlur={from.flush}
          data-testid="filter-price-from"
        />
        <span aria-hidden="true">–</span>
        <label className="visually-hidden" htmlFor={`${id}-to`}>
          Preis bis (€)
        </label>
        <input
          id={`${id}-to`}
          className="input"
          inputMode="decimal"
          placeholder="bis"
          value={to.text}
          onChange={(e) => to.setText(clean(e.target.value))}
          onKeyDown={(e) => e.key === 'Enter' && to.flush()}
          onBlur={to.flush}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-price-hint`}
          data-testid="filter-price-to"
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
