import type { ApiUser } from '@gm/shared/auth/contracts';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { ROLE_IDS, type RoleName } from '@gm/shared/auth/roles';

/** Contract-shaped sample data for unit tests. */
export function makeUser(role: RoleName = 'user', overrides: Partial<ApiUser> = {}): ApiUser {
  return {
    id: 'u-1',
    username: 'anna',
    email: 'anna@example.test',
    role_id: ROLE_IDS[role],
    user_role: { role: { id: ROLE_IDS[role], name: role } },
    region_id: 2,
    detail: {
      firstName: 'Anna',
      lastName: 'Berger',
      fullname: 'Anna Berger',
      address: null,
      city: null,
      zip_code: null,
      phone_number: null,
    },
    isActivated: true,
    is_tourism: false,
    is_partner: false,
    is_employee: false,
    can_generate: false,
    gift_locked: false,
    is_custom_auth: false,
    is_custom_confirmation: false,
    monthly_reporting: false,
    origin: 'register',
    order_email: null,
    subdomain: null,
    seller_id: null,
    company: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeVoucher(overrides: Partial<Voucher> = {}): Voucher {
  return {
    id: 'v-1',
    title: 'Wellness-Tag',
    description: 'Ein Tag Entspannung',
    long_description: '',
    note: null,
    type: 'quantity',
    qty_val: 4900,
    qty_min: 1,
    qty_max: 10,
    val_min: null,
    val_max: null,
    price_filter: 4900,
    voucher_category_id: 'c-1',
    category: { id: 'c-1', name: 'Wellness', slug: 'wellness' },
    subcategory_id: null,
    target: 'Paare',
    season: 'Immer',
    region_id: 2,
    seller_id: 's-1',
    seller: {
      id: 's-1',
      username: 'spa',
      company: { name: 'Alpen Spa', logo: null, region: 'Innsbruck und Umgebung', url: null },
    },
    is_active: true,
    is_featured: true,
    is_tourism: false,
    display: 'all',
    valid_day: [],
    months: [],
    valid_date: [],
    expiry_date: 4,
    validity_reason: null,
    isReserve: false,
    price_hidden: false,
    tax: [{ tax: 20, label: '20 %', value: 817 }],
    background_image: null,
    image_1: null,
    image_2: null,
    image_3: null,
    styling: {
      background_color: '#e6f0f0',
      background_description_color: '#ffffff',
      header_and_footer_background_color: '#1d4f55',
      header_and_footer_color: '#ffffff',
      description_color: '#17292b',
      text_color: 'light',
    },
    sold_count: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A JSON `Response` for component tests that stub `fetch`. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
