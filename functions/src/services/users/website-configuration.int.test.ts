import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { tenantShopResponseSchema } from '@gm/shared/orders/checkout-extras';
import {
  WEBSITE_TEXT,
  websiteConfigurationResponseSchema,
  type WebsiteConfigurationInput,
} from '@gm/shared/tenant/website-configuration';
import { MSG } from '@gm/shared/validation/messages';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { s3Client } from '../../lib/clients.ts';
import { companies } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { testPng, uploadImageBytes } from '../../../../scripts/test/uploads.ts';

/**
 * `GET|PUT user/website-configuration` (02 §2 'Gutschein Webseite', issue 13): a seller edits only
 * their own company's voucher website, and the tenant shop lookup answers what was saved.
 */
const PNG = testPng();

async function sellerWithShop(name: string): Promise<TestAccount & { subdomain: string }> {
  const subdomain = `${name}${randomUUID().slice(0, 8)}`;
  const seller = await createTestAccount('seller', { subdomain });
  const now = new Date().toISOString();
  await companies().put({
    id: `company-${seller.userId}`,
    seller_id: seller.userId,
    name: `Firma ${name}`,
    description: null,
    url: null,
    logo: null,
    header_logo: '/media/companies/old-cover.jpg',
    region_id: 1,
    vat_number: null,
    background_color: null,
    text_color: null,
    header_1: null,
    header_2: null,
    is_header_show: true,
    created_at: now,
    updated_at: now,
  });
  return { ...seller, subdomain };
}

async function upload(account: TestAccount, purpose: 'company-logo' | 'company-cover'): Promise<string> {
  return uploadImageBytes(account.token, purpose, PNG, 'image/png');
}

const form = (over: Partial<WebsiteConfigurationInput> = {}): WebsiteConfigurationInput => ({
  header_1: 'Zeit für dich',
  header_2: 'Wellness im Oberland',
  background_color: '#22553a',
  text_color: '#000',
  is_header_show: false,
  link: 'alpenspa.example/impressum',
  text_1: 'Aussuchen',
  text_2: 'Gestalten',
  text_3: 'Schenken',
  icon_1: 'heart',
  icon_2: 'wellness',
  icon_3: 'gift',
  ...over,
});

const mediaExists = async (url: string) =>
  s3Client()
    .send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: url.slice(1) }))
    .then(
      () => true,
      () => false,
    );

describe('voucher website configuration', () => {
  it('saves the own website with a new logo and cover, and the tenant shop answers it', async () => {
    const seller = await sellerWithShop('web');
    const other = await sellerWithShop('nachbar');
    const otherBefore = await companies().getBySeller(other.userId);

    const before = await api('GET', 'user/website-configuration', { token: seller.token });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const loaded = websiteConfigurationResponseSchema.parse(before.body).data;
    expect(loaded).toMatchObject({
      subdomain: seller.subdomain,
      company: { name: 'Firma web', header_1: null, is_header_show: true, icon_1: null, link: null },
    });

    const saved = await api('PUT', 'user/website-configuration', {
      token: seller.token,
      body: {
        ...form(),
        logo_upload_id: await upload(seller, 'company-logo'),
        header_logo_upload_id: await upload(seller, 'company-cover'),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const answer = websiteConfigurationResponseSchema.parse(saved.body);
    expect(answer.message).toBe(WEBSITE_TEXT.saved);
    const company = answer.data.company!;
    expect(company).toMatchObject({
      header_1: 'Zeit für dich',
      background_color: '#22553a',
      text_color: '#000',
      is_header_show: false,
      link: 'https://alpenspa.example/impressum',
      text_2: 'Gestalten',
      icon_2: 'wellness',
    });
    expect(company.logo).toMatch(new RegExp(`^/media/companies/${seller.userId}/logo-[\\w-]+\\.png$`));
    expect(company.header_logo).toMatch(new RegExp(`^/media/companies/${seller.userId}/header-[\\w-]+\\.png$`));
    expect(await mediaExists(company.logo!)).toBe(true);

    // The tenant shop (public lookup by subdomain) shows exactly the saved website.
    const shop = await api('GET', `user/company/name?subdomain=${seller.subdomain}`);
    expect(shop.status).toBe(200);
    expect(tenantShopResponseSchema.parse(shop.body).data.company).toMatchObject({
      name: 'Firma web',
      logo: company.logo,
      header_logo: company.header_logo,
      header_1: 'Zeit für dich',
      header_2: 'Wellness im Oberland',
      background_color: '#22553a',
      text_color: '#000',
      is_header_show: false,
      link: 'https://alpenspa.example/impressum',
      text_1: 'Aussuchen',
      text_2: 'Gestalten',
      text_3: 'Schenken',
      icon_1: 'heart',
      icon_2: 'wellness',
      icon_3: 'gift',
    });

    // Saving again without images keeps them; emptied texts go back to null (the tenant shows the defaults).
    const again = await api('PUT', 'user/website-configuration', {
      token: seller.token,
      body: form({ text_1: '', icon_1: null, header_2: '' }),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.company).toMatchObject({
      logo: company.logo,
      header_logo: company.header_logo,
      text_1: null,
      icon_1: null,
      header_2: null,
    });

    // The other seller's company is untouched.
    expect(await companies().getBySeller(other.userId)).toEqual(otherBefore);
  });

  it('answers 422 with German field messages and writes nothing', async () => {
    const seller = await sellerWithShop('falsch');
    const before = await companies().getBySeller(seller.userId);
    const res = await api('PUT', 'user/website-configuration', {
      token: seller.token,
      body: form({
        background_color: 'javascript:alert(1)',
        icon_3: 'totenkopf' as never,
        header_1: 'x'.repeat(61),
        link: 'kein link',
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      background_color: [WEBSITE_TEXT.colourInvalid],
      icon_3: [WEBSITE_TEXT.iconInvalid],
      header_1: [MSG.max(60)],
      link: ['Bitte gib eine gültige Webadresse ein.'],
    });
    // Another seller's upload (or a wrong purpose) is refused on its field.
    const stranger = await createTestAccount('seller');
    const foreign = await api('PUT', 'user/website-configuration', {
      token: seller.token,
      body: form({ logo_upload_id: await upload(stranger, 'company-logo') }),
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['logo_upload_id']);
    expect(await companies().getBySeller(seller.userId)).toEqual(before);
  });

  it('refuses a seller without a company, and every role but seller', async () => {
    const bare = await createTestAccount('seller');
    const res = await api('PUT', 'user/website-configuration', { token: bare.token, body: form() });
    expect(res).toMatchObject({ status: 422, body: { message: WEBSITE_TEXT.noCompany } });
    expect((await api('GET', 'user/website-configuration', { token: bare.token })).body.data).toEqual({
      subdomain: null,
      company: null,
    });

    const buyer = await createTestAccount('user');
    expect((await api('PUT', 'user/website-configuration', { token: buyer.token, body: form() })).status).toBe(403);
    expect((await api('GET', 'user/website-configuration')).status).toBe(401);
  });

  it('refuses a save against a company changed since it was read (409), keeping the newer write', async () => {
    const seller = await sellerWithShop('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api('PUT', 'user/website-configuration', { token: seller.token, body: form({ header_1: `Titel ${i}` }) }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const stored = await companies().getBySeller(seller.userId);
    expect(ok.map((r) => r.body.data.company.header_1)).toContain(stored?.header_1);
  });
});
