import { GetObjectCommand } from '@aws-sdk/client-s3';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCognitoIdentity } from '../../functions/src/adapters/cognito-identity.ts';
import { cognitoClient, documentClient, s3Client } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createCategoryRepository } from '../../functions/src/repositories/category-repository.ts';
import { createCompanyRepository } from '../../functions/src/repositories/company-repository.ts';
import { createUserRepository } from '../../functions/src/repositories/user-repository.ts';
import { createVoucherRepository } from '../../functions/src/repositories/voucher-repository.ts';
import { companies, mediaReader, templates, users, userVouchers, vouchers } from '../../functions/src/lib/deps.ts';
import { imageKind, voucherPdfFor } from '../../functions/src/services/wallet/voucher-pdf.ts';
import { pdfImages } from '../test/pdf-qr.ts';
import { seedDemoData } from './seed.ts';

describe('seedDemoData against the local cloud', () => {
  let logins: Awaited<ReturnType<typeof seedDemoData>>['logins'];
  const repos = () => {
    const db = documentClient();
    return {
      users: createUserRepository(db, env().TABLE_NAME),
      companies: createCompanyRepository(db, env().TABLE_NAME),
      categories: createCategoryRepository(db, env().TABLE_NAME),
      vouchers: createVoucherRepository(db, env().TABLE_NAME),
    };
  };
  const identity = () => createCognitoIdentity(cognitoClient(), env().COGNITO_USER_POOL_ID, env().COGNITO_CLIENT_ID);

  beforeAll(async () => {
    const started = Date.now();
    ({ logins } = await seedDemoData());
    // "A few seconds" on a 2-core machine; generous so that a busy runner does not flake.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('writes the six categories with their subcategories', async () => {
    const tree = await repos().categories.listTree();
    const demo = tree.filter((c) => c.id.startsWith('cat-'));
    expect(demo.map((c) => c.slug).sort()).toEqual(['adventure', 'fitness', 'genuss', 'kurse', 'tiere', 'wellness']);
    for (const c of demo) {
      expect(c.subcategories.length, c.id).toBeGreaterThanOrEqual(3);
      expect(c.logo, c.id).toMatch(/^\/media\/categories\/.+\.png$/);
    }
  });

  it('fills the catalogue with the demo vouchers', async () => {
    const catalogue = await repos().vouchers.listCatalogue();
    expect(catalogue.length).toBeGreaterThanOrEqual(24);
    const spa = await repos().vouchers.get('v-alpenspa-day-spa');
    expect(spa).toMatchObject({
      type: 'quantity',
      qty_val: 14900,
      seller: { id: 'seller-alpenspa', company: { name: 'Alpen Spa & Wellness', region: 'Oberland' } },
    });
    expect(catalogue.find((e) => e.id === 'v-alpenspa-day-spa')?.search_text).toContain('alpen spa');
  });

  it("stores the seller's company with a logo that S3 serves", async () => {
    const { users, companies } = repos();
    const seller = await users.get('seller-alpenspa');
    expect(seller).toMatchObject({
      email: 'seller@example.com',
      role: 'seller',
      subdomain: 'alpenspa',
      region_id: 1,
      is_activated: true,
    });
    const company = await companies.getBySeller('seller-alpenspa');
    expect(company).toMatchObject({ name: 'Alpen Spa & Wellness', region_id: 1 });
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: company!.logo!.replace(/^\//, '') }),
    );
    expect(object.ContentType).toBe('image/png');
    const body = await object.Body!.transformToByteArray();
    expect(imageKind(body)).toBe('png');
    expect((await users.get('scanner-alpenspa'))?.seller_id).toBe('seller-alpenspa');
  });

  it('gives the demo vouchers raster backgrounds that their PDFs embed (not a flat colour block)', async () => {
    const deps = {
      companies: companies(),
      users: users(),
      vouchers: vouchers(),
      templates: templates(),
      mediaReader: mediaReader(),
    };
    const spa = await repos().vouchers.get('v-alpenspa-day-spa');
    expect(spa?.background_image).toBe('/media/vouchers/v-alpenspa-day-spa/background.jpg');
    expect(imageKind(await mediaReader().read(spa!.background_image!))).toBe('jpg');
    // The plain wallet voucher carries its voucher's background; the personalised one its template.
    for (const id of ['uv-demo-anna-1', 'uv-demo-anna-3']) {
      const pdf = await voucherPdfFor(deps, (await userVouchers().get(id))!);
      const photos = (await pdfImages(pdf)).filter((i) => i.filter === '/DCTDecode');
      expect(photos, id).toEqual([expect.objectContaining({ width: 730, height: 676 })]);
    }
  });

  it('lets every demo login sign in, each in its role group', async () => {
    const token = await identity().signIn('buyer@example.com', 'Demo1234!');
    expect(token).toEqual(expect.any(String));
    for (const login of logins) {
      const idToken = await identity().signIn(login.email, login.password);
      expect(idToken, login.email).toBeDefined();
      const claims = decodeJwt(idToken!);
      expect(claims['cognito:groups'], login.email).toEqual([login.role]);
      expect(typeof claims['custom:user_id'], login.email).toBe('string');
    }
    expect(logins.map((l) => l.email)).toEqual(
      expect.arrayContaining(['admin@example.com', 'seller@example.com', 'buyer@example.com', 'scanner@example.com']),
    );
  });

  it('can run again on the seeded database with the same ids', async () => {
    const before = (await repos().vouchers.listCatalogue()).length;
    const again = await seedDemoData();
    expect(again.logins).toEqual(logins);
    expect((await repos().vouchers.listCatalogue()).length).toBe(before);
    expect(await identity().signIn('seller@example.com', 'Demo1234!')).toBeDefined();
  });
});
