import { VoucherDiscovery } from '../../features/search/components/voucher-discovery.tsx';

/** /vouchers/search 'Gutscheine entdecken' (01 §2): reads keyword, region, targets and isRegion from the query. */
export default function VoucherSearchPage() {
  return (
    <div className="container discovery-page" data-testid="search-page">
      <title>Gutscheine entdecken – Gutscheinmarkt</title>
      <header className="page-header discovery-page__header">
        <h1 className="section__title">Gutscheine entdecken</h1>
        <p className="section__lead">
          Erlebnisse, Genuss und Geschenke aus ganz Tirol – filtere nach Region, Anlass und Budget.
        </p>
      </header>
      <VoucherDiscovery resultsLabel="Suchergebnisse" />
    </div>
  );
}
