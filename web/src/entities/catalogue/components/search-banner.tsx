import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { REGIONS } from '@gm/shared/catalogue/reference-data';
import { paths } from '../../../config/paths.ts';
import { MapPinIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import './search-banner.css';

/** 'Entdecke Gutscheine': keyword, region and Suchen lead to the search route (01 §2 "Guest home"). */
export function SearchBanner() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [region, setRegion] = useState('');
  const keywordId = useId();
  const regionId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(paths.search({ keyword: keyword.trim(), region }));
  }

  return (
    <section className="hero" aria-labelledby="hero-title" data-testid="search-banner">
      <div className="container hero__inner">
        <p className="hero__eyebrow">Regional schenken, gemeinsam Gutes tun</p>
        <h1 id="hero-title" className="hero__title">
          Entdecke Gutscheine
        </h1>
        <p className="hero__lead">
          Erlebnisse, Genuss und Geschenke von über 200 Unternehmen aus deiner Region – und 1&nbsp;€ jedes Kaufs geht an
          soziale Projekte.
        </p>
        <form className="search-form" role="search" onSubmit={submit} aria-label="Gutscheine suchen">
          <div className="search-form__field search-form__field--keyword">
            <label htmlFor={keywordId} className="visually-hidden">
              Suchbegriff
            </label>
            <SearchIcon size={20} className="search-form__icon" />
            <input
              id={keywordId}
              type="search"
              className="search-form__input"
              placeholder="Suche nach Aktivitäten oder Unternehmen"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              enterKeyHint="search"
              data-testid="search-keyword"
            />
          </div>
          <div className="search-form__field search-form__field--region">
            <label htmlFor={regionId} className="visually-hidden">
              Region
            </label>
            <MapPinIcon size={20} className="search-form__icon" />
            <select
              id={regionId}
              className="search-form__input search-form__select"
              value={region}
              onChange={(e) => setRegion(e.target.value)}
              data-testid="search-region"
            >
              <option value="">Alle Regionen</option>
              {REGIONS.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--accent search-form__submit" data-testid="search-submit">
            Suchen
          </button>
        </form>
      </div>
    </section>
  );
}
