import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { pdfImages, qrTextsInPdf } from '../../../../scripts/test/pdf-qr.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { appUrl, media, userVouchers } from '../../lib/deps.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import { newVoucherCode, voucherQrUrl } from '../orders/voucher-code.ts';
import { GUEST_RETRIEVAL_LIMITS } from './wallet.ts';

/**
 * The wallet end to end (01 §2 "Wallet", "Wallet voucher detail", "Guest retrieval"; §4 sent_via):
 * the real handlers behind the local API, DynamoDB Local, s3rver (media) and the SES stand-in.
 */

const BACKGROUND = new URL('../../../../scripts/bench/fixtures/voucher-background.jpg', import.meta.url);

/** Issues a user voucher through the repository's own completion parts (what a sale writes). */
async function issue(
  owner: TestAccount | { guestEmail: string },
  overrides: Partial<UserVoucherRecord> = {},
): Promise<UserVoucherRecord> {
  const sellerId = `seller-${randomUUID().slice(0, 8)}`;
  const voucher = testVoucher(`v-${randomUUID()}`, sellerId, {
    title: overrides.voucher?.title ?? 'Wellness-Tag für zwei',
  });
  await putVouchers(voucher);
  const code = newVoucherCode();
  const now = new Date().toISOString();
  const record: UserVoucherRecord = {
    id: randomUUID(),
    code,
    qr: voucherQrUrl(appUrl(), code),
    order_id: randomUUID(),
    order_no: 'GM-2026-000042',
    voucher_id: voucher.id,
    seller_id: sellerId,
    voucher: toVoucherCard(voucher),
    type: 'value',
    qty: 1,
    value: 5000,
    remaining_qty: 1,
    remaining_value: 5000,
    valid_until: `${new Date().getFullYear() + 3}-12-31`,
    ...('guestEmail' in owner ? { owner_guest_email: owner.guestEmail } : { owner_user_id: owner.userId }),
    status: 'active',
    sent_via: null,
    acquired_at: now,
    created_at: now,
    version: 1,
    ...overrides,
  };
  await documentClient().send(new TransactWriteCommand({ TransactItems: userVouchers().issueParts(record) }));
  return record;
}

/** The raw answer of a file download (api() reads bodies as text). */
async function download(
  token: string | undefined,
  id: string,
): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Uint8Array }> {
  const response = await fetch(new URL('order/download-voucher', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ id }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const search = (who: TestAccount, body: Record<string, unknown> = {}) =>
  api('POST', 'user-voucher/search/user-vouchers', { token: who.token, body });

describe('wallet list (POST user-voucher/search/user-vouchers)', () => {
  it('lists only the caller’s vouchers, newest first, 9 per page with next_page_url, and filters by keyword', async () => {
    const buyer = await createTestAccount('user');
    const other = await createTestAccount('user');
    const mine: UserVoucherRecord[] = [];
    for (let i = 0; i < 10; i++) {
      const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
      mine.push(
        await issue(buyer, {
          acquired_at: at,
          created_at: at,
          ...(i === 3 ? { voucher: { ...toVoucherCard(testVoucher('x', 's')), title: 'Alpaka-Wanderung' } } : {}),
        }),
      );
    }
    const foreign = await issue(other);

    const first = await search(buyer);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const page1 = first.body.user_vouchers;
    expect(page1.data).toHaveLength(9);
    expect(page1.total).toBe(10);
    expect(page1.per_page).toBe(9);
    expect(page1.data.map((v: { id: string }) => v.id)).toEqual(
      mine
        .slice(1)
        .reverse()
        .map((v) => v.id),
    );
    expect(page1.data.map((v: { id: string }) => v.id)).not.toContain(foreign.id);
    expect(page1.next_page_url).toMatch(/user-voucher\/search\/user-vouchers\?page=2&paginate=9$/);
    expect(page1.data[0]).toMatchObject({
      code: mine[9]!.code,
      qr: mine[9]!.qr,
      sent_via: null,
      status: 'active',
      remaining_value: 5000,
      valid_until: mine[9]!.valid_until,
      has_transfer_link: false,
    });

    const second = await search(buyer, { page: 2 });
    expect(second.body.user_vouchers.data.map((v: { id: string }) => v.id)).toEqual([mine[0]!.id]);
    expect(second.body.user_vouchers.next_page_url).toBeNull();

    const oldest = await search(buyer, { isNewest: false, paginate: 2 });
    expect(oldest.body.user_vouchers.data.map((v: { id: string }) => v.id)).toEqual([mine[0]!.id, mine[1]!.id]);

    const found = await search(buyer, { keyword: 'alpaka' });
    expect(found.body.user_vouchers.data.map((v: { id: string }) => v.id)).toEqual([mine[3]!.id]);

    const otherWallet = await search(other);
    expect(otherWallet.body.user_vouchers.data.map((v: { id: string }) => v.id)).toEqual([foreign.id]);

    expect((await api('POST', 'user-voucher/search/user-vouchers', { body: {} })).status).toBe(401);
  });

  it('on a tenant shop lists only that seller’s vouchers (body `subdomain` or the tenant host), combined with the keyword, and paged within the filter', async () => {
    const subdomain = `shop${randomUUID().slice(0, 8)}`;
    const shop = await createTestAccount('seller', { subdomain });
    const buyer = await createTestAccount('user');
    const at = (day: number) => ({
      acquired_at: new Date(Date.UTC(2026, 1, day)).toISOString(),
      created_at: new Date(Date.UTC(2026, 1, day)).toISOString(),
    });
    const card = (title: string) => ({ voucher: { ...toVoucherCard(testVoucher('x', shop.userId)), title } });
    const shopSauna = await issue(buyer, { seller_id: shop.userId, ...card('Sauna-Abend'), ...at(1) });
    const shopDinner = await issue(buyer, { seller_id: shop.userId, ...card('Dinner für zwei'), ...at(2) });
    const elsewhere = await issue(buyer, { ...card('Sauna anderswo'), ...at(3) });
    const ids = (answer: { body: { user_vouchers: { data: { id: string }[] } } }) =>
      answer.body.user_vouchers.data.map((v) => v.id);

    // Marketplace: everything.
    expect(ids(await search(buyer))).toEqual([elsewhere.id, shopDinner.id, shopSauna.id]);
    // `subdomain` in the body (any case) → only the shop's seller, newest first.
    const inShop = await search(buyer, { subdomain: subdomain.toUpperCase() });
    expect(inShop.status, JSON.stringify(inShop.body)).toBe(200);
    expect(ids(inShop)).toEqual([shopDinner.id, shopSauna.id]);
    expect(inShop.body.user_vouchers.total).toBe(2);
    // The tenant host (Origin) alone filters the same way.
    const byHost = await api('POST', 'user-voucher/search/user-vouchers', {
      token: buyer.token,
      body: {},
      headers: { 'x-forwarded-host': `${subdomain}.gutscheinmarkt.localhost` },
    });
    expect(ids(byHost)).toEqual([shopDinner.id, shopSauna.id]);
    // Keyword and shop together: 'sauna' on the shop finds the shop's sauna, not the other seller's.
    expect(ids(await search(buyer, { subdomain, keyword: 'sauna' }))).toEqual([shopSauna.id]);
    expect(ids(await search(buyer, { keyword: 'sauna' }))).toEqual([elsewhere.id, shopSauna.id]);
    // Pages count within the filter, and next_page_url keeps the shop.
    const first = await search(buyer, { subdomain, paginate: 1 });
    expect(ids(first)).toEqual([shopDinner.id]);
    expect(first.body.user_vouchers.last_page).toBe(2);
    expect(first.body.user_vouchers.next_page_url).toContain(`subdomain=${subdomain}`);
    expect(ids(await search(buyer, { subdomain, paginate: 1, page: 2 }))).toEqual([shopSauna.id]);
    // An unknown shop lists nothing (never the whole wallet); a non-string subdomain is a 422.
    const unknown = await search(buyer, { subdomain: `nichtda${randomUUID().slice(0, 6)}` });
    expect(unknown.status).toBe(200);
    expect(ids(unknown)).toEqual([]);
    expect((await search(buyer, { subdomain: 42 })).status).toBe(422);
  });
});

describe('wallet voucher detail (GET user-voucher/{id})', () => {
  it('answers the owner with seller info and 404 to any other buyer', async () => {
    const buyer = await createTestAccount('user');
    const other = await createTestAccount('user');
    const uv = await issue(buyer);

    const mine = await api('GET', `user-voucher/${uv.id}`, { token: buyer.token });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.user_voucher).toMatchObject({
      id: uv.id,
      code: uv.code,
      qr: uv.qr,
      seller: { id: uv.seller_id },
      voucher_info: { long_description: expect.any(String) },
    });

    const theirs = await api('GET', `user-voucher/${uv.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBeTruthy();
    expect(JSON.stringify(theirs.body)).not.toContain(uv.code);
    expect((await api('GET', `user-voucher/${randomUUID()}`, { token: buyer.token })).status).toBe(404);
  });
});

describe('voucher PDF (POST order/download-voucher)', () => {
  it('refuses another buyer (404, sent_via unchanged), gives the owner a PDF whose QR decodes to the voucher URL, and sets sent_via once', async () => {
    const buyer = await createTestAccount('user');
    const other = await createTestAccount('user');
    const background = await media().put(
      `user-vouchers/${randomUUID()}/${randomUUID()}.jpg`,
      new Uint8Array(await readFile(BACKGROUND)),
      'image/jpeg',
    );
    const uv = await issue(buyer, {
      personalisation: {
        template_id: null,
        custom_image: background,
        custom_background_image: null,
        background_aid: null,
        text_color: '#ffffff',
        note: 'Alles Gute!',
        price_hidden: false,
        updated_at: new Date().toISOString(),
      },
    });

    const refused = await download(other.token, uv.id);
    expect(refused.status).toBe(404);
    expect((await userVouchers().get(uv.id))?.sent_via).toBeNull();
    expect((await download(undefined, uv.id)).status).toBe(401);

    const [a, b] = await Promise.all([download(buyer.token, uv.id), download(buyer.token, uv.id)]);
    for (const answer of [a, b]) {
      expect(answer.status).toBe(200);
      expect(answer.type).toBe('application/pdf');
      expect(answer.disposition).toContain('.pdf');
      expect(new TextDecoder().decode(answer.bytes.slice(0, 5))).toBe('%PDF-');
    }
    expect(await qrTextsInPdf(a.bytes)).toEqual([uv.qr]);
    // The buyer's photo is on it, embedded as the JPEG it is.
    expect((await pdfImages(a.bytes)).some((image) => image.filter === '/DCTDecode' && image.width === 730)).toBe(true);
    const after = await userVouchers().get(uv.id);
    expect(after?.sent_via).toBe('voucher_download');
    expect(after?.version).toBe(uv.version);
  });

  it('does not overwrite an earlier sent_via (email stays email)', async () => {
    const buyer = await createTestAccount('user');
    const uv = await issue(buyer, { sent_via: 'email' });
    expect((await download(buyer.token, uv.id)).status).toBe(200);
    expect((await userVouchers().get(uv.id))?.sent_via).toBe('email');
  });
});

describe('guest retrieval (POST retrieve/guest-vouchers)', () => {
  it('mails the guest’s active vouchers as PDFs and answers an unknown address identically', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@test.example`;
    const one = await issue({ guestEmail: email });
    const two = await issue(
      { guestEmail: email },
      { type: 'quantity', value: null, qty: 2, remaining_qty: 2, remaining_value: 9800 },
    );
    await issue({ guestEmail: email }, { status: 'reversed' });
    const since = Math.floor(Date.now() / 1000) - 1;

    const known = await api('POST', 'retrieve/guest-vouchers', { body: { email: email.toUpperCase() } });
    const unknown = await api('POST', 'retrieve/guest-vouchers', {
      body: { email: `nobody-${randomUUID().slice(0, 8)}@test.example` },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: WALLET_TEXT.guestRetrievalSent });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);

    const mails = (await sentMails(since)).filter((m) => m.destination.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.body.text).toContain(one.code);
    expect(mail.body.text).toContain(two.code);
    expect(mail.attachments?.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    const decoded = await Promise.all(
      (mail.attachments ?? []).map((a) => qrTextsInPdf(new Uint8Array(Buffer.from(a.content, 'base64')))),
    );
    expect(decoded.flat().sort()).toEqual([one.qr, two.qr].sort());
    expect(
      (await sentMails(since)).filter((m) => m.destination.to.some((to) => to.startsWith('nobody-'))),
    ).toHaveLength(0);
  });

  it('rejects an invalid address with the German message and rate-limits repeated requests per address', async () => {
    const invalid = await api('POST', 'retrieve/guest-vouchers', { body: { email: 'kein-email' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.email).toEqual([MSG.email]);

    const email = `limit-${randomUUID().slice(0, 8)}@test.example`;
    const statuses: number[] = [];
    for (let i = 0; i <= GUEST_RETRIEVAL_LIMITS.perAddress; i++)
      statuses.push((await api('POST', 'retrieve/guest-vouchers', { body: { email } })).status);
    expect(statuses).toEqual([...Array(GUEST_RETRIEVAL_LIMITS.perAddress).fill(200), 429]);
  });
});
