import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BALANCE_CHECK_LIMIT, BALANCE_TEXT, balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { MSG } from '@gm/shared/validation/messages';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { issueOwnedVoucher } from '../../../../scripts/test/owned-voucher.ts';
import { appUrl, companies } from '../../lib/deps.ts';
import { newVoucherCode } from '../orders/voucher-code.ts';

/**
 * The public balance check (issue 13): real handler behind the local API on DynamoDB Local. Every
 * test calls from its own IP (X-Forwarded-For), so the per-IP limit of one never hits another.
 */

const octet = () => Math.floor(Math.random() * 250) + 1;
const fromIp = () => ({ 'x-viewer-address': `10.${octet()}.${octet()}.${octet()}` });
const check = (code: unknown, headers: Record<string, string> = fromIp()) =>
  api('POST', 'balance-check', { body: { code }, headers });

describe('POST balance-check', () => {
  it('shows the remaining value, validity and the seller to anyone, and never the holder', async () => {
    const buyer = await createTestAccount('user');
    const seller = await createTestAccount('seller');
    const companyName = `Alpen Spa ${randomUUID().slice(0, 6)}`;
    const at = new Date().toISOString();
    await companies().put({
      id: `c-${seller.userId}`,
      seller_id: seller.userId,
      name: companyName,
      description: null,
      url: null,
      logo: null,
      header_logo: null,
      region_id: 1,
      vat_number: null,
      background_color: null,
      text_color: null,
      header_1: null,
      header_2: null,
      is_header_show: false,
      is_activated: false,
      created_at: at,
      updated_at: at,
    });
    const uv = await issueOwnedVoucher(buyer.userId, {
      seller_id: seller.userId,
      type: 'value',
      qty: 1,
      value: 5000,
      remaining_qty: 1,
      remaining_value: 3250,
      from_name: 'Anna Geberin',
      valid_until: '2031-06-30',
    });

    // Guests (no token), with the code typed in lower case with spaces, or as the QR URL.
    const typed = await check(` ${uv.code.slice(0, 13).toLowerCase()} ${uv.code.slice(13)} `);
    expect(typed.status).toBe(200);
    expect(typed.body).toEqual({
      code: uv.code,
      title: uv.voucher.title,
      type: 'value',
      status: 'active',
      remaining_value: 3250,
      total_value: 5000,
      remaining_qty: 1,
      qty: 1,
      valid_until: '2031-06-30',
      expired: false,
      seller: { id: seller.userId, company_name: companyName },
    });
    const scanned = await check(uv.qr);
    expect(scanned.body).toEqual(typed.body);

    const text = JSON.stringify(typed.body);
    const buyerName = buyer.email.split('@')[0]!;
    const secrets = [
      buyer.userId,
      buyer.email,
      buyerName,
      'Test user',
      'Anna Geberin',
      uv.order_no,
      uv.order_id,
      uv.id,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('answers a guest voucher without its address, product vouchers in units, a deleted seller from the snapshot', async () => {
    const guestEmail = `gast-${randomUUID().slice(0, 8)}@test.example`;
    const uv = await issueOwnedVoucher('unused', {
      owner_user_id: undefined,
      owner_guest_email: guestEmail,
      type: 'quantity',
      qty: 3,
      value: null,
      remaining_qty: 2,
      remaining_value: 9800,
    });
    const answer = await check(uv.code);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'quantity',
      status: 'active',
      remaining_qty: 2,
      qty: 3,
      remaining_value: 9800,
      total_value: 3 * 4900,
      // The fake seller has no profile: no link, the name sold with the voucher.
      seller: { id: null, company_name: uv.voucher.seller.username },
    });
    expect(JSON.stringify(answer.body)).not.toContain(guestEmail);
  });

  it('tells expired, fully redeemed and reversed vouchers apart', async () => {
    const buyer = await createTestAccount('user');
    const yesterday = viennaDay(new Date(Date.now() - 36 * 3600 * 1000));
    const expired = await issueOwnedVoucher(buyer.userId, { valid_until: yesterday });
    const redeemed = await issueOwnedVoucher(buyer.userId, {
      status: 'redeemed',
      remaining_qty: 0,
      remaining_value: 0,
    });
    const reversed = await issueOwnedVoucher(buyer.userId, { status: 'reversed' });

    expect((await check(expired.code)).body).toMatchObject({
      status: 'expired',
      expired: true,
      valid_until: yesterday,
      remaining_qty: 1,
      remaining_value: 4900,
    });
    expect((await check(redeemed.code)).body).toMatchObject({
      status: 'redeemed',
      expired: false,
      remaining_qty: 0,
      remaining_value: 0,
    });
    // Reversed: its balance is gone, whatever the frozen item still says.
    expect((await check(reversed.code)).body).toMatchObject({
      status: 'reversed',
      remaining_qty: 0,
      remaining_value: 0,
    });
  });

  it('answers 404 for an unknown code and 422 with the German message for a malformed one', async () => {
    const unknown = await check(newVoucherCode());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: BALANCE_TEXT.notFound });

    const malformed = await check('ABC-123');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ code: [BALANCE_TEXT.invalidCode] });
    const empty = await check('');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ code: [MSG.required] });
  });

  it('the guest retrieval mail links each voucher to its balance check', async () => {
    const guestEmail = `gast-${randomUUID().slice(0, 8)}@test.example`;
    const uv = await issueOwnedVoucher('unused', { owner_user_id: undefined, owner_guest_email: guestEmail });
    const since = Math.floor(Date.now() / 1000) - 1;
    expect(
      (await api('POST', 'retrieve/guest-vouchers', { body: { email: guestEmail }, headers: fromIp() })).status,
    ).toBe(200);
    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(guestEmail));
    expect(mail?.body.text).toContain(`${BALANCE_TEXT.linkLabel}: ${balanceCheckUrl(appUrl(), uv.code)}`);
  });

  it('the send-by-e-mail mail links the voucher to its balance check (text and HTML)', async () => {
    const giver = await createTestAccount('user');
    const uv = await issueOwnedVoucher(giver.userId);
    const to = `freund-${randomUUID().slice(0, 8)}@test.example`;
    const since = Math.floor(Date.now() / 1000) - 1;
    const sent = await api('POST', 'order/send-voucher-pdf', {
      token: giver.token,
      body: { id: uv.id, email: to, subject: 'Für dich', text: 'Alles Gute!', sent_via: 'email' },
    });
    expect(sent.status).toBe(200);
    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(to));
    const url = balanceCheckUrl(appUrl(), uv.code);
    expect(mail?.body.text).toContain(`${BALANCE_TEXT.linkLabel}: ${url}`);
    expect(mail?.body.html).toContain(`href="${url}"`);
  });

  it('rate-limits per IP with a German 429; another IP still gets its answers', async () => {
    const buyer = await createTestAccount('user');
    const uv = await issueOwnedVoucher(buyer.userId);
    const ip = fromIp();
    const statuses: number[] = [];
    // Known and unknown codes count alike.
    for (let i = 0; i < BALANCE_CHECK_LIMIT.perIp; i++)
      statuses.push((await check(i % 2 ? uv.code : newVoucherCode(), ip)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const limited = await check(uv.code, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: BALANCE_TEXT.tooMany });
    expect((await check(uv.code)).status).toBe(200);
  });
});
