import { Link } from 'react-router';
import { categorySlug } from '@gm/shared/catalogue/reference-data';
import { mediaUrl } from '../../../lib/media.ts';
import { paths } from '../../../config/paths.ts';
import { CategoryIcon } from '../../../components/ui/icons.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useCategories } from '../api/categories.ts';
import { LaterPicture } from '../../../components/ui/later-picture.tsx';
import './experience-categories.css';

/** 'Unsere Erlebnisse': every category with its sub-categories, linking to the category page. */
export function ExperienceCategories() {
  const { data, isLoading, error } = useCategories();
  return (
    <section className="section container" aria-labelledby="experiences-title" data-testid="experiences">
      <div className="section__header">
        <h2 id="experiences-title" className="section__title">
          Unsere Erlebnisse
        </h2>
        <p className="section__lead">Für jeden Anlass das passende Geschenk.</p>
      </div>
      {isLoading && !data ? (
        <div className="category-grid" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton skeleton--tile" />
          ))}
        </div>
      ) : !data || data.length === 0 ? (
        error ? (
          <p className="empty-state">Die Kategorien konnten gerade nicht geladen werden.</p>
        ) : (
          <EmptyState />
        )
      ) : (
        <ul className="category-grid" data-testid="experiences-list">
          {data.map((category) => {
            const slug = category.slug || categorySlug(category.name);
            const image = mediaUrl(category.logo ?? category.icon);
            return (
              <li key={category.id}>
                <Link to={paths.category(slug)} className="category-tile">
                  <span className="category-tile__icon" aria-hidden="true">
                    {image ? <LaterPicture src={image} alt="" /> : <CategoryIcon slug={slug} size={30} />}
                  </span>
                  <span className="category-tile__name">{category.name}</span>
                  {category.subcategories.length > 0 && (
                    <span className="category-tile__subs">{category.subcategories.map((s) => s.name).join(' · ')}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
