import { useSearchParams } from 'react-router';
import { SEARCH_IDS_MAX } from '@gm/shared/catalogue/search-contracts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { VoucherGrid } from '../../entities/catalogue/components/voucher-grid.tsx';
import { useVouchersByIds } from '../../entities/catalogue/api/voucher-search.ts';
import { parseVoucherIds } from '../../features/search/search-state.ts';
import './embed.css';

/**
 * /wp?vouchers=id1,id2: the named vouchers for embedding in another site (01 §2), without the
 * shop's header and footer; a card opens the voucher in a new tab.
 */
export default function EmbedPage() {
  const [params] = useSearchParams();
  const ids = parseVoucherIds(params.get('vouchers'), SEARCH_IDS_MAX);
  const { data, isLoading, error } = useVouchersByIds(ids);
  return (
    <main className="embed" data-testid="embed-page">
      <title>Gutscheine – Gutscheinmarkt</title>
      <h1 className="visually-hidden">Gutscheine</h1>
      {isLoading && !data ? (
        <div className="embed__loading">
          <Spinner size="lg" label="Gutscheine werden geladen…" />
        </div>
      ) : error ? (
        <p className="empty-state">Die Gutscheine konnten gerade nicht geladen werden.</p>
      ) : (
        <VoucherGrid vouchers={data?.data ?? []} label="Gutscheine" testId="embed-list" linkTarget="_blank" />
      )}
    </main>
  );
}
