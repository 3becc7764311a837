import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { useAuth } from '../../lib/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useCategories } from '../../entities/catalogue/api/categories.ts';
import { getOwnVoucher } from '../../features/seller-vouchers/api/get-own-voucher.ts';
import { useMinimumVoucherValue } from '../../features/seller-vouchers/api/get-minimum-value.ts';
import { VoucherBuilder } from '../../features/seller-vouchers/components/voucher-builder.tsx';
import type { PreviewContext } from '../../features/seller-vouchers/builder/builder-values.ts';
import NotFoundPage from './not-found.tsx';
import '../../styles/seller-vouchers.css';

type Loaded = { id: string; voucher?: Voucher; error?: ApiError };

/** /vouchers/new and /vouchers/update/{id} (02 §2); the seller-only guard sits in the router. */
export default function VoucherBuilderPage() {
  const { id } = useParams();
  const auth = useAuth();
  const user = auth.isAuth ? auth.data : null;
  const categories = useCategories();
  const minimum = useMinimumVoucherValue(user?.id);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    getOwnVoucher(id, controller.signal).then(
      (voucher) => setLoaded({ id, voucher }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the voucher failed', error);
        setLoaded({ id, error: error instanceof ApiError ? error : new ApiError(0, String(error)) });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const current = id && loaded?.id === id ? loaded : null;
  if (current?.error?.status === 404 || current?.error?.status === 403) return <NotFoundPage />;
  if (current?.error || categories.error) {
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Der Gutschein-Editor konnte gerade nicht geladen werden.</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setLoaded(null);
            setAttempt((n) => n + 1);
            void categories.refetch();
          }}
        >
          Erneut versuchen
        </button>
      </section>
    );
  }
  if (!user || !categories.data || (id && !current?.voucher))
    return <PageLoader label="Gutschein-Editor wird geladen…" />;

  const voucher = current?.voucher;
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
      />
    </div>
  );
}
