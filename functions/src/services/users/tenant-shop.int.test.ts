import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TENANT_SHOP_NOT_FOUND, tenantShopResponseSchema } from '@gm/shared/orders/checkout-extras';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { companies } from '../../lib/deps.ts';

/**
 * `GET user/company/name?subdomain=` as the tenant shop (01 §2 seller landing page, 03 §9): the web
 * brands the shop from this answer and goes to the main site on its 404.
 */
const name = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;

describe('tenant shop lookup', () => {
  it("answers a known subdomain with the seller and the company's name, logos, colours and website", async () => {
    const subdomain = name('shop');
    const seller = await createTestAccount('seller', { subdomain });
    const now = new Date().toISOString();
    await companies().put({
      id: `company-${seller.userId}`,
      seller_id: seller.userId,
      name: 'Bergblick Spa',
      description: null,
      url: null,
      logo: '/media/companies/logo.png',
      header_logo: '/media/companies/header.jpg',
      region_id: 1,
      vat_number: null,
      background_color: '#ff5563',
      text_color: '#000',
      header_1: 'Zeit für dich',
      header_2: 'Wellness',
      is_header_show: true,
      created_at: now,
      updated_at: now,
    });

    const found = await api('GET', `user/company/name?subdomain=${encodeURIComponent(` ${subdomain.toUpperCase()} `)}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const shop = tenantShopResponseSchema.parse(found.body).data;
    expect(shop).toEqual({
      seller_id: seller.userId,
      username: expect.any(String),
      subdomain,
      is_custom_auth: false,
      is_tourism: false,
      company: {
        name: 'Bergblick Spa',
        logo: '/media/companies/logo.png',
        header_logo: '/media/companies/header.jpg',
        background_color: '#ff5563',
        text_color: '#000',
        // The voucher website (issue 13): fields the company never set answer null (the web shows the defaults).
        header_1: 'Zeit für dich',
        header_2: 'Wellness',
        is_header_show: true,
        link: null,
        text_1: null,
        text_2: null,
        text_3: null,
        icon_1: null,
        icon_2: null,
        icon_3: null,
      },
    });
    // Public: no e-mail or other private field of the seller leaks into the shop answer.
    expect(JSON.stringify(found.body)).not.toContain(seller.email);
  });

  it('answers a seller without a company with company null (the web falls back to the default colours)', async () => {
    const subdomain = name('bare');
    const seller = await createTestAccount('seller', { subdomain });
    const found = await api('GET', `user/company/name?subdomain=${subdomain}`);
    expect(found).toMatchObject({ status: 200, body: { data: { seller_id: seller.userId, company: null } } });
  });

  it('answers 404 with its message for an unknown subdomain and for a subdomain held by a non-seller', async () => {
    expect(await api('GET', `user/company/name?subdomain=${name('nix')}`)).toMatchObject({
      status: 404,
      body: { message: TENANT_SHOP_NOT_FOUND },
    });
    const buyerSubdomain = name('buyer');
    await createTestAccount('user', { subdomain: buyerSubdomain });
    expect(await api('GET', `user/company/name?subdomain=${buyerSubdomain}`)).toMatchObject({
      status: 404,
      body: { message: TENANT_SHOP_NOT_FOUND },
    });
  });

  it('answers 422 with a German field message for a missing or overlong subdomain', async () => {
    const missing = await api('GET', 'user/company/name?subdomain=');
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain('subdomain');
    expect((await api('GET', `user/company/name?subdomain=${'a'.repeat(64)}`)).status).toBe(422);
  });
});
