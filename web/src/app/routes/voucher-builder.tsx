import { useParams } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useCategories } from '../../entities/catalogue/api/categories.ts';
import { useOwnVoucher } from '../../features/seller-vouchers/api/seller-vouchers.ts';
import { useMinimumVoucherValue } from '../../features/seller-vouchers/api/minimum-value.ts';
import { VoucherBuilder } from '../../features/seller-vouchers/components/voucher-builder.tsx';
import type { PreviewContext } from '../../features/seller-vouchers/builder/builder-values.ts';
import NotFoundPage from './not-found.tsx';
import './voucher-builder.css';

/** /vouchers/new and /vouchers/update/{id} (02 §2); the seller-only guard sits in the router. */
export default function VoucherBuilderPage() {
  const { id } = useParams();
  const auth = useAuth();
  const user = auth.isAuth ? auth.data : null;
  const categories = useCategories();
  const minimum = useMinimumVoucherValue(user?.id);
  const own = useOwnVoucher(id);
  const voucher = own.data;

  if (own.error instanceof ApiError && (own.error.status === 404 || own.error.status === 403)) return <NotFoundPage />;
  if (own.error || categories.error) {
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Der Gutschein-Editor konnte gerade nicht geladen werden.</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (own.error) void own.refetch();
            if (categories.error) void categories.refetch();
          }}
        >
          Erneut versuchen
        </button>
      </section>
    );
  }
  if (!user || !categories.data || (id && !voucher)) return <PageLoader label="Gutschein-Editor wird geladen…" />;

  const preview: PreviewContext = voucher
    ? {
        id: voucher.id,
        seller: voucher.seller,
        seller_id: voucher.seller_id,
        region_id: voucher.region_id,
        is_active: voucher.is_active,
        created_at: voucher.created_at,
      }
    : {
        seller: {
          id: user.id,
          username: user.username,
          company: user.company
            ? { name: user.company.name, logo: user.company.logo, region: user.company.region, url: user.company.url }
            : null,
        },
        seller_id: user.id,
        region_id: user.company?.region_id ?? user.region_id,
      };

  return (
    <div className="container builder-page">
      <title>{voucher ? `${voucher.title} bearbeiten – Gutscheinmarkt` : 'Gutschein erstellen – Gutscheinmarkt'}</title>
      <VoucherBuilder
        key={voucher?.id ?? 'new'}
        voucher={voucher}
        categories={categories.data}
        minimumCents={minimum.data ?? 0}
        preview={preview}
        canCreateEmployeeVouchers={user.is_partner}
      />
    </div>
  );
}
