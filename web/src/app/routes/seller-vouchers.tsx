import { Link, useSearchParams } from 'react-router';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import { paths } from '../../config/paths.ts';
import { Pagination } from '../../components/ui/pagination.tsx';
import { VoucherListState } from '../../entities/catalogue/components/voucher-grid.tsx';
import { useSellerVouchers } from '../../features/seller-vouchers/api/seller-vouchers.ts';
import { FlipVoucherCard } from '../../features/seller-vouchers/components/flip-voucher-card.tsx';
import { useVoucherActions } from '../../features/seller-vouchers/components/use-voucher-actions.ts';
import './seller-vouchers.css';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /vouchers 'Meine Gutscheine' (02 §2): the seller's vouchers, 9 per page, cards that turn over to their actions. */
export default function SellerVouchersPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const { data, error, isPlaceholderData: paging, refetch } = useSellerVouchers(page);
  const actions = useVoucherActions();

  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  async function remove(voucher: VoucherCard) {
    // The deletion reloads the cached pages; the last card of a later page steps back a page.
    if ((await actions.remove(voucher)) && data && data.data.length === 1 && page > 1) goTo(page - 1);
  }

  const vouchers = data?.data ?? [];

  return (
    <div className="container seller-vouchers">
      <title>Meine Gutscheine – Gutscheinmarkt</title>
      <header className="split-header seller-vouchers__header">
        <div>
          <p className="page-header__eyebrow">Verkäuferbereich</p>
          <h1>Meine Gutscheine</h1>
          <p className="seller-vouchers__lead">
            Tippe auf eine Karte, um sie zu bearbeiten, ihre Statistik zu sehen, sie zu deaktivieren oder zu löschen.
          </p>
        </div>
        <Link
          to={paths.newVoucher}
          className="add-button"
          aria-label="Gutschein erstellen"
          title="Gutschein erstellen"
          data-testid="add-voucher"
        >
          <span aria-hidden="true">+</span>
        </Link>
      </header>

      <VoucherListState
        failed={Boolean(error && !data)}
        failedText="Deine Gutscheine konnten gerade nicht geladen werden."
        onRetry={() => void refetch()}
        loaded={Boolean(data)}
        empty={vouchers.length === 0}
      >
        <ul
          className={`voucher-grid seller-vouchers__grid${paging ? ' is-busy' : ''}`}
          aria-busy={paging}
          aria-label="Meine Gutscheine"
          data-testid="seller-voucher-grid"
        >
          {vouchers.map((voucher) => (
            <li key={voucher.id}>
              <FlipVoucherCard
                voucher={voucher}
                busy={actions.busy}
                onToggle={() => void actions.toggle(voucher)}
                onDelete={() => void remove(voucher)}
              />
            </li>
          ))}
        </ul>
      </VoucherListState>

      {data && (
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          onPageChange={goTo}
          busy={paging}
          label="Seiten meiner Gutscheine"
        />
      )}
    </div>
  );
}
