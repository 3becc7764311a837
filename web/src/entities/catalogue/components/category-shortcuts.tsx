import { Link } from 'react-router';
import { CATEGORY_SHORTCUTS } from '@gm/shared/catalogue/reference-data';
import { paths } from '../../../config/paths.ts';
import { CategoryIcon } from '../../../components/ui/icons.tsx';
import './category-shortcuts.css';

/** Home shortcuts (01 §9): wellness, adventure, genuss (route kurzurlaub), fitness, tiere, kurse. */
export function CategoryShortcuts() {
  return (
    <nav className="category-shortcuts container" aria-label="Beliebte Kategorien" data-testid="category-shortcuts">
      <ul className="category-shortcuts__list">
        {CATEGORY_SHORTCUTS.map((c) => (
          <li key={c.slug}>
            <Link to={paths.category(c.slug)} className="category-shortcut">
              <span className="category-shortcut__icon" aria-hidden="true">
                <CategoryIcon slug={c.slug} size={28} />
              </span>
              <span className="category-shortcut__label">{c.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
