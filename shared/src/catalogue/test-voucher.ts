import { voucherSchema, type Voucher } from './contracts.ts';

/** The card styling every test voucher and catalogue entry carries. */
export const TEST_STYLING: Voucher['styling'] = {
  background_color: '#fff',
  background_description_color: '#ff5563',
  header_and_footer_background_color: '#fff',
  header_and_footer_color: '#000',
  description_color: '#fff',
  text_color: 'dark',
};

/** A valid voucher for tests (shared, functions, scripts); override what the test is about. */
export function testVoucher(id: string, sellerId: string, overrides: Partial<Voucher> = {}): Voucher {
  return voucherSchema.parse({
    id,
    title: `Test ${id}`.slice(0, 30),
    description: 'Kurz',
    long_description: 'Lang',
    note: null,
    type: 'quantity',
    qty_val: 4900,
    qty_min: 1,
    qty_max: 5,
    val_min: null,
    val_max: null,
    price_filter: 4900,
    voucher_category_id: 'test-cat',
    category: { id: 'test-cat', name: 'Test', slug: 'test' },
    subcategory_id: null,
    target: 'Paare',
    season: 'Immer',
    region_id: 1,
    seller_id: sellerId,
    seller: { id: sellerId, username: `seller-${sellerId}`, company: null },
    is_active: true,
    is_featured: false,
    is_tourism: false,
    display: 'all',
    valid_day: ['Mo'],
    months: [1, 2],
    expiry_date: 4,
    validity_reason: null,
    isReserve: false,
    price_hidden: false,
    tax: 'unsure',
    background_image: null,
    image_1: null,
    image_2: null,
    image_3: null,
    styling: TEST_STYLING,
    sold_count: 0,
    created_at: new Date().toISOString(),
    ...overrides,
  });
}
