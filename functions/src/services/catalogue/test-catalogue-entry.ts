import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';
import { TEST_STYLING } from '@gm/shared/catalogue/test-voucher';

/** A catalogue entry for unit tests of the catalogue selection; override what the test is about. */
export function testCatalogueEntry(id: string, overrides: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return {
    id,
    title: `Gutschein ${id}`,
    description: 'Beschreibung',
    type: 'quantity',
    qty_val: 2500,
    val_min: null,
    val_max: null,
    price_filter: 2500,
    voucher_category_id: 'cat-wellness',
    subcategory_id: null,
    target: 'Paare',
    season: 'Sommer',
    region_id: 1,
    seller_id: 's1',
    seller: {
      id: 's1',
      username: 'alpenspa',
      company: { name: 'Alpen Spa', logo: null, region: 'Oberland', url: null },
    },
    is_active: true,
    is_featured: false,
    display: 'all',
    valid_day: [],
    months: [],
    price_hidden: false,
    background_image: null,
    styling: TEST_STYLING,
    sold_count: 0,
    created_at: `2026-01-${id.padStart(2, '0')}T00:00:00.000Z`,
    search_text: `gutschein ${id} alpenspa`,
    ...overrides,
  };
}
