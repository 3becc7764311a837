import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { REMINDER_TEXT } from '@gm/shared/admin/seller-mails';
import { formatEuro } from '@gm/shared/money/money';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails, type SentMail } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { userVouchers } from '../../lib/deps.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import { handler as remindersJob } from '../../jobs/expiry-reminders.ts';
import { newUserVoucher } from '../orders/new-user-voucher.ts';

/**
 * ★ Expiry reminders (issue 12) through the job's Lambda handler against the stand-ins. Each test
 * runs at its own far-future "now", so only its own vouchers fall into the reminder windows.
 */
async function holding(
  owner: { owner_user_id: string } | { owner_guest_email: string } | null,
  validUntil: string,
  overrides: Partial<UserVoucherRecord> = {},
): Promise<UserVoucherRecord> {
  const sellerId = `test-seller-${randomUUID().slice(0, 8)}`;
  const voucher = testVoucher(`v-${randomUUID()}`, sellerId, { qty_val: 4900, price_filter: 4900, is_active: false });
  await putVouchers(voucher);
  const record: UserVoucherRecord = {
    ...newUserVoucher({
      id: randomUUID(),
      order: { id: `o-${randomUUID()}`, voucher_id: voucher.id, seller_id: sellerId, voucher },
      orderNo: 'GM-2026-999998',
      amounts: { qty: 1, value: 4900, remaining_qty: 1, remaining_value: 3150 },
      owner,
      at: new Date().toISOString(),
      appUrl: env().APP_URL,
    }),
    type: 'value',
    valid_until: validUntil,
    ...overrides,
  };
  await documentClient().send(new TransactWriteCommand({ TransactItems: userVouchers().issueParts(record) as never }));
  return record;
}

const remindersTo = async (email: string, since: number): Promise<SentMail[]> =>
  (await sentMails(since)).filter((m) => m.destination.to.includes(email) && m.subject.startsWith('Dein Gutschein'));

const unsubscribeToken = (mail: SentMail) => {
  const match = /\/erinnerungen\/abmelden\/([A-Za-z0-9_-]+)/.exec(mail.body.text ?? '');
  expect(match, mail.body.text).toBeTruthy();
  return decodeURIComponent(match![1]!);
};

describe('expiry reminders', () => {
  it('mails holders 30 and 7 days before expiry, each once across runs; guests at their order e-mail; none for unclaimed, redeemed or later vouchers', async () => {
    const buyer = await createTestAccount('user');
    const guest = `guest-${randomUUID().slice(0, 8)}@test.example`;
    // Vienna today of the first run: 2091-03-01.
    const in30 = await holding({ owner_user_id: buyer.userId }, '2091-03-31');
    const in7 = await holding({ owner_user_id: buyer.userId }, '2091-03-08');
    const guests = await holding({ owner_guest_email: guest }, '2091-03-31');
    const unclaimed = await holding(null, '2091-03-31');
    const redeemed = await holding({ owner_user_id: buyer.userId }, '2091-03-31', {
      status: 'redeemed',
      remaining_value: 0,
      remaining_qty: 0,
    });
    const later = await holding({ owner_user_id: buyer.userId }, '2091-04-01');
    const since = Math.floor(Date.now() / 1000) - 1;

    const first = await remindersJob({ now: '2091-03-01T07:00:00Z' });
    const second = await remindersJob({ now: '2091-03-01T19:00:00Z' });
    expect(first.failed).toBe(0);
    expect(second.sent).toBe(0);

    const toBuyer = await remindersTo(buyer.email, since);
    expect(toBuyer).toHaveLength(2);
    const month = toBuyer.find((m) => m.body.text?.includes(`/voucher/${in30.id}`));
    const week = toBuyer.find((m) => m.body.text?.includes(`/voucher/${in7.id}`));
    expect(month?.subject).toBe(`Dein Gutschein „${in30.voucher.title}“ läuft in einem Monat ab`);
    expect(month?.body.text).toContain('nur noch 30 Tage gültig, bis einschließlich 31.03.2091');
    expect(month?.body.text).toContain(`Restwert: ${formatEuro(3150)}`);
    expect(month?.body.text).toContain(`von ${in30.voucher.seller?.username}`);
    expect(week?.subject).toBe(`Dein Gutschein „${in7.voucher.title}“ läuft in einer Woche ab`);
    expect(week?.body.text).toContain('nur noch 7 Tage gültig');
    for (const id of [unclaimed.id, redeemed.id, later.id])
      expect(toBuyer.some((m) => m.body.text?.includes(id))).toBe(false);
    expect((await sentMails(since)).some((m) => m.body.text?.includes(unclaimed.id))).toBe(false);

    const toGuest = await remindersTo(guest, since);
    expect(toGuest).toHaveLength(1);
    expect(toGuest[0]!.body.text).toContain('/guest-wallet');
    expect(toGuest[0]!.body.text).toContain(guests.voucher.title);
    expect(await userVouchers().get(in30.id)).toMatchObject({ reminded_30_at: expect.any(String) });

    // 23 days later the first voucher is 7 days from expiry: its 7-day reminder, once; the other got its own already.
    await remindersJob({ now: '2091-03-24T07:00:00Z' });
    await remindersJob({ now: '2091-03-24T08:00:00Z' });
    const all = await remindersTo(buyer.email, since);
    expect(all).toHaveLength(3);
    const forIn30 = all.filter((m) => m.body.text?.includes(`/voucher/${in30.id}`)).map((m) => m.subject);
    expect(forIn30.sort()).toEqual([
      `Dein Gutschein „${in30.voucher.title}“ läuft in einem Monat ab`,
      `Dein Gutschein „${in30.voucher.title}“ läuft in einer Woche ab`,
    ]);
    expect(await remindersTo(guest, since)).toHaveLength(2);
  });

  it('the unsubscribe link works without login and stops the next reminder (guest and user)', async () => {
    const buyer = await createTestAccount('user');
    const guest = `guest-${randomUUID().slice(0, 8)}@test.example`;
    // Vienna today: 2092-05-01; both vouchers expire on 2092-05-31.
    await holding({ owner_user_id: buyer.userId }, '2092-05-31');
    await holding({ owner_guest_email: guest }, '2092-05-31');
    const since = Math.floor(Date.now() / 1000) - 1;
    await remindersJob({ now: '2092-05-01T07:00:00Z' });
    const [toGuest] = await remindersTo(guest, since);
    const [toUser] = await remindersTo(buyer.email, since);

    for (const mail of [toGuest!, toUser!]) {
      const answer = await api('POST', 'reminders/unsubscribe', { body: { token: unsubscribeToken(mail) } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.message).toBe(REMINDER_TEXT.unsubscribed);
      // Again: still fine (the same link clicked twice).
      expect((await api('POST', 'reminders/unsubscribe', { body: { token: unsubscribeToken(mail) } })).status).toBe(
        200,
      );
    }
    expect(await api('POST', 'reminders/unsubscribe', { body: { token: 'not-a-token' } })).toMatchObject({
      status: 404,
      body: { message: REMINDER_TEXT.invalidLink },
    });
    expect((await api('POST', 'reminders/unsubscribe', { body: {} })).status).toBe(422);

    const run = await remindersJob({ now: '2092-05-24T07:00:00Z' });
    expect(run.opted_out).toBeGreaterThanOrEqual(2);
    // Only the first run's mails.
    expect(await remindersTo(guest, since)).toHaveLength(1);
    expect(await remindersTo(buyer.email, since)).toHaveLength(1);
  });
});
