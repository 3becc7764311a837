import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_ADMIN_TEXT as T } from '@gm/shared/catalogue-admin/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient, s3Client } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { testJpeg, testPng, uploadImageBytes } from '../../../../scripts/test/uploads.ts';

const JPEG = testJpeg();
const PNG = testPng();

let admin: TestAccount;
let seller: TestAccount;
const tag = randomUUID().slice(0, 6);

beforeAll(async () => {
  [admin, seller] = await Promise.all([createTestAccount('admin'), createTestAccount('seller')]);
});

async function upload(
  account: TestAccount,
  purpose: string,
  bytes = JPEG,
  contentType = 'image/jpeg',
): Promise<string> {
  return uploadImageBytes(account.token, purpose, bytes, contentType);
}

const asAdmin = (method: string, path: string, body?: unknown) => api(method, path, { token: admin.token, body });
const tree = async () =>
  (await api('GET', 'voucher-category')).body.data as {
    id: string;
    name: string;
    slug: string;
    logo: string | null;
    subcategories: { id: string; name: string; category_id: string }[];
  }[];

describe('categories', () => {
  it('creates a category with a cropped image published to media', async () => {
    const res = await asAdmin('POST', 'voucher-category', {
      name: `Bild Kat ${tag}`,
      image_upload_id: await upload(admin, 'category'),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: T.categorySaved,
      data: { name: `Bild Kat ${tag}`, slug: `bild-kat-${tag}`, subcategories: [] },
    });
    expect(res.body.data.logo).toMatch(new RegExp(`^/media/categories/${res.body.data.id}/[\\w-]+\\.jpg$`));
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: res.body.data.logo.slice(1) }),
    );
    expect(object.ContentType).toBe('image/jpeg');
    expect((await tree()).find((c) => c.id === res.body.data.id)?.logo).toBe(res.body.data.logo);
  });

  it('answers 422 in German for a missing or too long name and for a name whose slug is taken', async () => {
    expect((await asAdmin('POST', 'voucher-category', {})).body.errors).toEqual({ name: [MSG.required] });
    expect((await asAdmin('POST', 'voucher-category', { name: 'x'.repeat(61) })).body.errors).toEqual({
      name: [MSG.max(60)],
    });
    expect((await asAdmin('POST', 'voucher-category', { name: `Doppelt ${tag}` })).status).toBe(201);
    const twin = await asAdmin('POST', 'voucher-category', { name: `  doppelt   ${tag.toUpperCase()} ` });
    expect(twin).toMatchObject({ status: 422, body: { errors: { name: [T.categoryNameTaken] } } });
  });

  it('refuses an upload that belongs to someone else or was made for another purpose', async () => {
    const foreign = await asAdmin('POST', 'voucher-category', {
      name: `Fremd ${tag}`,
      image_upload_id: await upload(seller, 'category'),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.upload_id).toEqual([
      'Das Bild konnte nicht übernommen werden. Bitte lade es erneut hoch.',
    ]);
    const wrongPurpose = await asAdmin('POST', 'voucher-category', {
      name: `Zweck ${tag}`,
      image_upload_id: await upload(admin, 'template'),
    });
    expect(wrongPurpose.status).toBe(422);
    expect((await tree()).some((c) => c.name === `Fremd ${tag}` || c.name === `Zweck ${tag}`)).toBe(false);
  });

  it('renames a category (slug follows, and the vouchers that use it show the new name)', async () => {
    const created = (await asAdmin('POST', 'voucher-category', { name: `Alt ${tag}` })).body.data;
    const voucherId = `cat-rename-${tag}`;
    await putVouchers(
      testVoucher(voucherId, seller.userId, {
        voucher_category_id: created.id,
        category: { id: created.id, name: created.name, slug: created.slug },
      }),
    );
    const renamed = await asAdmin('PUT', `voucher-category/${created.id}`, { name: `Neu ${tag}` });
    expect(renamed).toMatchObject({
      status: 200,
      body: { data: { id: created.id, name: `Neu ${tag}`, slug: `neu-${tag}` } },
    });
    expect((await api('GET', `voucher/${voucherId}`)).body.category).toEqual({
      id: created.id,
      name: `Neu ${tag}`,
      slug: `neu-${tag}`,
    });
    // The old slug is free again, the new one is taken.
    expect((await asAdmin('POST', 'voucher-category', { name: `Alt ${tag}` })).status).toBe(201);
    expect((await asAdmin('PUT', `voucher-category/${created.id}`, { name: `alt ${tag}` })).body.errors).toEqual({
      name: [T.categoryNameTaken],
    });
    expect((await asAdmin('PUT', `voucher-category/missing-${tag}`, { name: `Irgendwas ${tag}` })).status).toBe(404);
  });

  it('refuses to delete a category while vouchers use it', async () => {
    const used = (await asAdmin('POST', 'voucher-category', { name: `Belegt ${tag}` })).body.data;
    await putVouchers(
      testVoucher(`cat-used-${tag}`, seller.userId, { voucher_category_id: used.id, is_active: false }),
    );
    const res = await asAdmin('DELETE', `voucher-category/${used.id}`);
    expect(res).toMatchObject({ status: 422, body: { message: T.categoryInUse } });
    expect((await tree()).some((c) => c.id === used.id)).toBe(true);
  });

  it('deletes a free category together with its sub-categories and frees its name', async () => {
    const free = (await asAdmin('POST', 'voucher-category', { name: `Frei ${tag}` })).body.data;
    const sub = (await asAdmin('POST', 'voucher-sub-category', { category_id: free.id, name: 'Kind' })).body.data;
    const res = await asAdmin('DELETE', `voucher-category/${free.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: T.categoryDeleted, id: free.id } });
    expect((await tree()).some((c) => c.id === free.id)).toBe(false);
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': 'CATEGORY', ':sk': `CATEGORY#${free.id}` },
      }),
    );
    expect(Items).toEqual([]);
    expect(sub.category_id).toBe(free.id);
    expect((await asAdmin('POST', 'voucher-category', { name: `Frei ${tag}` })).status).toBe(201);
    expect((await asAdmin('DELETE', `voucher-category/${free.id}`)).status).toBe(404);
  });
});

describe('sub-categories', () => {
  let parent: { id: string };
  let other: { id: string };
  beforeAll(async () => {
    parent = (await asAdmin('POST', 'voucher-category', { name: `Eltern ${tag}` })).body.data;
    other = (await asAdmin('POST', 'voucher-category', { name: `Andere ${tag}` })).body.data;
  });

  it('needs a parent category and a name, and a name unique within the parent', async () => {
    expect((await asAdmin('POST', 'voucher-sub-category', {})).body.errors).toEqual({
      category_id: [MSG.required],
      name: [MSG.required],
    });
    expect(
      (await asAdmin('POST', 'voucher-sub-category', { category_id: `none-${tag}`, name: 'X' })).body.errors,
    ).toEqual({ category_id: [T.categoryNotFound] });
    const created = await asAdmin('POST', 'voucher-sub-category', { category_id: parent.id, name: 'Massagen' });
    expect(created).toMatchObject({ status: 201, body: { data: { category_id: parent.id, name: 'Massagen' } } });
    expect(
      (await asAdmin('POST', 'voucher-sub-category', { category_id: parent.id, name: 'massagen' })).body.errors,
    ).toEqual({ name: [T.subcategoryNameTaken] });
    expect((await asAdmin('POST', 'voucher-sub-category', { category_id: other.id, name: 'Massagen' })).status).toBe(
      201,
    );
  });

  it('renames and moves a sub-category, but does not move or delete one that vouchers use', async () => {
    const sub = (await asAdmin('POST', 'voucher-sub-category', { category_id: parent.id, name: 'Sauna' })).body.data;
    expect(
      (await asAdmin('PUT', `voucher-sub-category/${sub.id}`, { category_id: parent.id, name: 'Sauna & Therme' }))
        .status,
    ).toBe(200);
    const moved = await asAdmin('PUT', `voucher-sub-category/${sub.id}`, {
      category_id: other.id,
      name: 'Sauna & Therme',
    });
    expect(moved).toMatchObject({ status: 200, body: { data: { id: sub.id, category_id: other.id } } });
    const otherSubs = (await tree()).find((c) => c.id === other.id)?.subcategories.map((s) => s.name);
    expect(otherSubs).toContain('Sauna & Therme');
    expect((await tree()).find((c) => c.id === parent.id)?.subcategories.map((s) => s.id)).not.toContain(sub.id);

    await putVouchers(
      testVoucher(`sub-used-${tag}`, seller.userId, { voucher_category_id: other.id, subcategory_id: sub.id }),
    );
    expect(
      (await asAdmin('PUT', `voucher-sub-category/${sub.id}`, { category_id: parent.id, name: 'Sauna' })).body.errors,
    ).toEqual({ category_id: [T.subcategoryMoveInUse] });
    expect(await asAdmin('DELETE', `voucher-sub-category/${sub.id}`)).toMatchObject({
      status: 422,
      body: { message: T.subcategoryInUse },
    });
  });

  it('deletes a free sub-category', async () => {
    const sub = (await asAdmin('POST', 'voucher-sub-category', { category_id: parent.id, name: 'Weg' })).body.data;
    expect(await asAdmin('DELETE', `voucher-sub-category/${sub.id}`)).toMatchObject({
      status: 200,
      body: { id: sub.id },
    });
    expect((await asAdmin('DELETE', `voucher-sub-category/${sub.id}`)).status).toBe(404);
    expect(
      (await asAdmin('PUT', `voucher-sub-category/${sub.id}`, { category_id: parent.id, name: 'Weg' })).status,
    ).toBe(404);
  });
});

describe('templates', () => {
  it('requires a name and an image on create, only the name on update', async () => {
    expect((await asAdmin('POST', 'template', {})).body.errors).toEqual({
      name: [MSG.required],
      image_upload_id: [MSG.required],
    });
    expect((await asAdmin('POST', 'template', { name: 'Ohne Bild', image_upload_id: '' })).body.errors).toEqual({
      image_upload_id: [MSG.required],
    });
    const gif = await api('POST', 'upload/image', {
      token: admin.token,
      body: { purpose: 'template', content_type: 'image/gif', size: 10 },
    });
    expect(gif.body.errors.content_type).toEqual(['Nur .jpeg, .jpg oder .png Dateien sind erlaubt.']);
  });

  it('creates, lists publicly, edits and (softly) deletes a template', async () => {
    const created = await asAdmin('POST', 'template', {
      name: `Herbst ${tag}`,
      image_upload_id: await upload(admin, 'template', PNG, 'image/png'),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ name: `Herbst ${tag}`, status: true });
    expect(created.body.data.image).toMatch(new RegExp(`^/media/templates/${id}/[\\w-]+\\.png$`));

    const listed = await api('GET', 'template');
    expect(listed.body.data.find((t: { id: string }) => t.id === id)).toMatchObject({ name: `Herbst ${tag}` });

    const renamed = await asAdmin('POST', `template/${id}`, { name: `Winter ${tag}` });
    expect(renamed).toMatchObject({
      status: 200,
      body: { data: { name: `Winter ${tag}`, image: created.body.data.image } },
    });
    const newImage = await asAdmin('POST', `template/${id}`, {
      name: `Winter ${tag}`,
      image_upload_id: await upload(admin, 'template'),
    });
    expect(newImage.body.data.image).toMatch(/\.jpg$/);

    expect(await asAdmin('DELETE', `template/${id}`)).toMatchObject({
      status: 200,
      body: { message: T.templateDeleted },
    });
    expect((await api('GET', 'template')).body.data.some((t: { id: string }) => t.id === id)).toBe(false);
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: 'TEMPLATE', SK: `TEMPLATE#${id}` } }),
    );
    expect(Item).toMatchObject({ status: false, image: newImage.body.data.image });
    expect((await asAdmin('DELETE', `template/${id}`)).status).toBe(404);
    expect((await asAdmin('POST', `template/${id}`, { name: 'Wieder da' })).status).toBe(404);
  });
});

describe('featured vouchers', () => {
  const featuredId = `feat-${tag}`;
  const inactiveId = `feat-off-${tag}`;
  beforeAll(async () => {
    await putVouchers(
      testVoucher(featuredId, seller.userId, { title: `Sponsor ${tag}`, created_at: '2026-02-02T00:00:00.000Z' }),
      testVoucher(inactiveId, seller.userId, {
        title: `Sponsor aus ${tag}`,
        is_active: false,
        created_at: '2026-02-01T00:00:00.000Z',
      }),
    );
  });

  it('lists every voucher for the admin, inactive ones included, 10 per page with a keyword', async () => {
    const res = await asAdmin('GET', `voucher/all?keyword=${encodeURIComponent(`SPONSOR`)}&page=1`);
    expect(res.status).toBe(200);
    expect(res.body.per_page).toBe(10);
    const mine = res.body.data
      .filter((v: { seller_id: string }) => v.seller_id === seller.userId)
      .map((v: { id: string }) => v.id);
    expect(mine).toEqual([featuredId, inactiveId]);
    expect((await asAdmin('GET', 'voucher/all?page=0')).body.errors).toEqual({ page: [MSG.minValue(1)] });
  });

  it('toggles Featured on the voucher and in the public featured list', async () => {
    const isFeatured = async () =>
      (await api('GET', `voucher?featured=1&seller_id=${seller.userId}&paginate=50`)).body.data.some(
        (v: { id: string }) => v.id === featuredId,
      );
    expect(await isFeatured()).toBe(false);

    const on = await asAdmin('POST', `voucher/update-feature/${featuredId}`);
    expect(on).toMatchObject({
      status: 200,
      body: { message: T.featuredOn, voucher: { id: featuredId, is_featured: true } },
    });
    expect(await isFeatured()).toBe(true);
    expect((await api('GET', `voucher/${featuredId}`)).body.is_featured).toBe(true);

    const off = await asAdmin('POST', `voucher/update-feature/${featuredId}`);
    expect(off.body).toMatchObject({ message: T.featuredOff, voucher: { is_featured: false } });
    expect(await isFeatured()).toBe(false);
  });

  it('answers 404 for an unknown voucher', async () => {
    expect(await asAdmin('POST', `voucher/update-feature/none-${tag}`)).toMatchObject({
      status: 404,
      body: { message: 'Gutschein nicht gefunden.' },
    });
  });
});
