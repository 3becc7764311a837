import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { formatDate } from '@gm/shared/dates/format';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import { clock, metrics, newId, redemptions, users, userVouchers } from '../../lib/deps.ts';
import { recordingMetrics } from '../telemetry.ts';
import { redeem as redeemService } from './redeem.ts';
import { revokeRedemption } from './revoke.ts';
import { scanVoucher } from './scan-voucher.ts';

/**
 * Redemption of gifted vouchers (issue 6 gift options, docs/decisions/wallet.md): 'Nur auf einmal
 * einlösbar' (`voucher_usage: once`) and a gift's shorter `expirationDate`, through the real local
 * API (direct sale → gift → scan → redeem).
 */
const redeem = (who: TestAccount, body: Record<string, unknown>, key: string = randomUUID()) =>
  api('POST', 'redemption', { token: who.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
const gift = (who: TestAccount, body: Record<string, unknown>) =>
  api('POST', 'order/gift-voucher', { token: who.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });

/** A seller's direct sale of one voucher, gifted as a PDF with the given options; answers the issued user voucher(s). */
async function directGift(kind: 'value' | 'quantity', options: Record<string, unknown>) {
  const seller = await createTestAccount('seller');
  const voucher =
    kind === 'value'
      ? testVoucher(`v-${randomUUID()}`, seller.userId, {
          type: 'value',
          qty_val: null,
          price_filter: 1000,
          val_min: 1000,
          val_max: 50000,
          qty_min: null,
          qty_max: null,
          display: 'direktverkauf',
          expiry_date: 3,
        })
      : testVoucher(`v-${randomUUID()}`, seller.userId, {
          qty_val: 2500,
          price_filter: 2500,
          display: 'direktverkauf',
          expiry_date: 3,
        });
  await putVouchers(voucher);
  const added = await api('POST', 'order/direct-sale', {
    token: seller.token,
    body: kind === 'value' ? { voucher_id: voucher.id, value: 5000 } : { voucher_id: voucher.id, qty: 3 },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const answer = await gift(seller, { order_id: added.body.data.id, giftType: ['pdf'], ...options });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const uv = await userVouchers().get((answer.body.user_voucher as { id: string }).id);
  return { seller, uv: uv! };
}

describe('redeeming a gift with voucher_usage once', () => {
  it('a value voucher is redeemed whole in one go: the scan says so, a partial amount is refused, the whole rest goes through', async () => {
    const { seller, uv } = await directGift('value', { voucherUsage: 'once' });
    expect(uv).toMatchObject({ voucher_usage: 'once', remaining_value: 5000, status: 'active' });

    const scanned = await api('POST', 'qr-code/scan', { token: seller.token, body: { url: uv.qr } });
    expect(scanned.body.data).toMatchObject({ id: uv.id, voucher_usage: 'once', remaining_value: 5000 });

    const partial = await redeem(seller, { order_id: uv.id, value: 1000 });
    expect(partial).toMatchObject({
      status: 422,
      body: { errors: { value: [REDEMPTION_TEXT.onceOnlyValue(formatEuro(5000))] } },
    });
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_value: 5000, status: 'active' });
    expect(await redemptions().listByUserVoucher(uv.id)).toEqual([]);

    const whole = await redeem(seller, { order_id: uv.id, value: 5000 });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_value: 0, status: 'redeemed' });
    expect(await redeem(seller, { order_id: uv.id, value: 5000 })).toMatchObject({
      status: 422,
      body: { message: REDEMPTION_TEXT.fullyRedeemed },
    });
  });

  it('a product voucher takes all its pieces at once; fewer are refused', async () => {
    const { seller, uv } = await directGift('quantity', { voucherUsage: 'once' });
    expect(uv).toMatchObject({ remaining_qty: 3, voucher_usage: 'once' });
    expect(await redeem(seller, { order_id: uv.id, qty: 2 })).toMatchObject({
      status: 422,
      body: { errors: { qty: [REDEMPTION_TEXT.onceOnlyUnits(3)] } },
    });
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_qty: 3, status: 'active' });
    expect(await redeem(seller, { order_id: uv.id, qty: 3 })).toMatchObject({
      status: 201,
      body: { data: { qty: 3, redeemed_value: 7500 } },
    });
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_qty: 0, remaining_value: 0, status: 'redeemed' });
  });

  it('the balance part itself refuses a partial take of a once voucher (the transaction, not just the service check)', async () => {
    const { uv } = await directGift('value', { voucherUsage: 'once' });
    const at = new Date().toISOString();
    const outcome = await redemptions().redeem(
      {
        id: randomUUID().replaceAll('-', ''),
        redemption_no: `E-TEST-${randomUUID().slice(0, 6)}`,
        kind: 'voucher',
        user_voucher_id: uv.id,
        order_id: uv.order_id,
        order_no: uv.order_no,
        voucher_id: uv.voucher_id,
        seller_id: uv.seller_id,
        title: uv.voucher.title,
        type: uv.type,
        qty: null,
        value: 1000,
        redeemed_value: 1000,
        scanned_by: { user_id: uv.seller_id, username: 'test' },
        channel: 'scan',
        is_revoked: false,
        created_at: at,
        updated_at: at,
      },
      userVouchers().redeemPart(uv.id, { kind: 'value', qty: 0, value: 1000, final: false, at }),
    );
    expect(outcome).not.toBe('ok');
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_value: 5000, status: 'active' });
    expect(await redemptions().listByUserVoucher(uv.id)).toEqual([]);
  });

  it('racing: 12 partial and 6 whole redemptions at once — exactly one whole redemption, nothing partial', async () => {
    const { seller, uv } = await directGift('value', { voucherUsage: 'once' });
    const scanner = await createTestAccount('scanner', { seller_id: seller.userId, is_active: true });
    const asks = [...Array.from({ length: 12 }, (_, i) => 400 + i * 100), ...Array.from({ length: 6 }, () => 5000)];
    const answers = await Promise.all(
      asks.map((value, i) => redeem(i % 2 ? scanner : seller, { order_id: uv.id, value })),
    );
    expect(
      answers.filter((a) => a.status !== 201 && a.status !== 422).map((a) => `${a.status} ${JSON.stringify(a.body)}`),
    ).toEqual([]);
    const ok = answers.filter((a) => a.status === 201);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.data).toMatchObject({ value: 5000, redeemed_value: 5000 });
    const ledger = await redemptions().listByUserVoucher(uv.id);
    expect(ledger.map((r) => r.redeemed_value)).toEqual([5000]);
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_value: 0, status: 'redeemed' });
  });

  it('a multiple-use gift (the default) still redeems in parts', async () => {
    const { seller, uv } = await directGift('value', {});
    expect(uv.voucher_usage ?? 'multiple').toBe('multiple');
    expect(
      (await api('POST', 'qr-code/scan', { token: seller.token, body: { url: uv.qr } })).body.data.voucher_usage,
    ).toBe('multiple');
    expect((await redeem(seller, { order_id: uv.id, value: 1000 })).status).toBe(201);
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_value: 4000, status: 'active' });
  });
});

describe('a gift’s expirationDate before the normal validity', () => {
  it('is the user voucher’s valid_until, and the redemption treats the voucher as expired after it', async () => {
    const today = viennaDay(new Date());
    const { seller, uv } = await directGift('value', { expirationDate: today });
    // The voucher normally runs for 3 years; the gift cut it to today.
    expect(uv.valid_until).toBe(today);

    const scanned = await api('POST', 'qr-code/scan', { token: seller.token, body: { url: uv.qr } });
    expect(scanned.body.data).toMatchObject({ valid_until: today, expired: false });

    // The next day (the service with a clock one day ahead): expired, redeemable only after confirmation.
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const actor: Actor = { userId: seller.userId, role: 'seller', roleId: 2, email: seller.email };
    const deps = {
      users: users(),
      userVouchers: userVouchers(),
      redemptions: redemptions(),
      clock: () => tomorrow,
      metrics: metrics(),
    };
    const later = await scanVoucher({ ...deps, rateLimiter: { hit: async () => true } as never }, actor, {
      url: uv.qr,
    });
    expect(later).toMatchObject({ valid_until: today, expired: true });

    const refused = await redeemService(deps, actor, randomUUID(), { order_id: uv.id, value: 1000 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors).toEqual({
      confirm_expired: [REDEMPTION_TEXT.expired(formatDate(today))],
    });
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_value: 5000 });

    const confirmed = await redeemService(deps, actor, randomUUID(), {
      order_id: uv.id,
      value: 1000,
      confirm_expired: true,
    });
    expect(confirmed.redemption).toMatchObject({ value: 1000, redeemed_value: 1000 });
    expect(await userVouchers().get(uv.id)).toMatchObject({ remaining_value: 4000 });
  });
});

describe('redemption metrics (issue 14)', () => {
  it('a redemption counts once, its replay and a refused one not at all, a revoke once', async () => {
    const { seller, uv } = await directGift('value', {});
    const actor: Actor = { userId: seller.userId, role: 'seller', roleId: 2, email: seller.email };
    const counted = recordingMetrics();
    const deps = {
      users: users(),
      userVouchers: userVouchers(),
      redemptions: redemptions(),
      clock: clock(),
      newId: newId(),
      metrics: counted,
    };
    const key = randomUUID();
    const first = await redeemService(deps, actor, key, { order_id: uv.id, value: 1000 });
    const replay = await redeemService(deps, actor, key, { order_id: uv.id, value: 1000 });
    expect(replay).toMatchObject({ replayed: true, redemption: { id: first.redemption.id } });
    await expect(redeemService(deps, actor, randomUUID(), { order_id: uv.id, value: 999_999 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(counted.counts).toEqual({ Redemptions: 1 });

    await revokeRedemption(deps, actor, first.redemption.id);
    expect(counted.counts).toEqual({ Redemptions: 1, RedemptionsRevoked: 1 });
  });
});
