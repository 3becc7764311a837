import { useParams } from 'react-router';
import { mediaUrl } from '../../lib/media.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { CategoryIcon } from '../../components/ui/icons.tsx';
import { useCategories } from '../../entities/catalogue/api/categories.ts';
import { VoucherDiscovery } from '../../features/search/components/voucher-discovery.tsx';
import { categorySlugFor } from '../../features/search/search-state.ts';
import NotFoundPage from './not-found.tsx';
import './voucher-category.css';

/** /vouchers/category/{slug}: banner, the filter sidebar and the category's vouchers (01 §2). */
export default function VoucherCategoryPage() {
  const { slug = '' } = useParams();
  const { data: categories, error, refetch } = useCategories();
  if (!categories && error)
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Die Kategorie konnte gerade nicht geladen werden.</p>
        <button type="button" className="button button--primary" onClick={() => void refetch()}>
          Erneut versuchen
        </button>
      </section>
    );
  if (!categories) return <PageLoader label="Kategorie wird geladen…" />;
  const wanted = categorySlugFor(slug.toLowerCase());
  const category = categories.find((c) => c.slug === wanted || c.id === wanted);
  if (!category) return <NotFoundPage />;
  const image = mediaUrl(category.logo);

  return (
    <div className="discovery-page" data-testid="category-page">
      <title>{`${category.name} – Gutscheinmarkt`}</title>
      <header className="category-banner">
        <div className="container category-banner__inner">
          <span className="category-banner__image" aria-hidden="true">
            {image ? <img src={image} alt="" /> : <CategoryIcon slug={category.slug} size={56} />}
          </span>
          <div>
            <p className="category-banner__eyebrow">Kategorie</p>
            <h1 className="category-banner__title" data-testid="category-title">
              {category.name}
            </h1>
            {category.subcategories.length > 0 && (
              <p className="category-banner__subs">{category.subcategories.map((s) => s.name).join(' · ')}</p>
            )}
          </div>
        </div>
      </header>
      <div className="container">
        <VoucherDiscovery key={category.id} fixedCategory={category} resultsLabel={`Gutscheine in ${category.name}`} />
      </div>
    </div>
  );
}
