import { randomUUID } from 'node:crypto';
import { settleStandIn, standInApi } from '../../../../scripts/test/stripe-stand-in.ts';
import { approvedPaymentWithHeldEvent as approvedPayment } from '../../../../scripts/test/held-payment.ts';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { formatEuro } from '@gm/shared/money/money';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { mailQueue, orders, resolve } from '../../lib/deps.ts';
import { completionProviders } from '../../lib/deps/payments.ts';
import { completePaymentOnEvent, type CompletionDeps } from '../orders/complete-payment.ts';
import { SALE_NOTICE_SUBJECT } from './sale-notice.ts';

/**
 * Issue 12 "Seller mails": the custom order confirmation goes to the seller (order_email, else the
 * account e-mail) once per completed sale, only while the switch is on — through re-delivered and
 * concurrent webhook runs of the same payment, and for a direct sale.
 */
const settle = settleStandIn;

const deps = (): CompletionDeps => resolve(completionProviders);

const noticesTo = async (email: string, since: number) =>
  (await sentMails(since)).filter((m) => m.destination.to.includes(email) && m.subject.startsWith(SALE_NOTICE_SUBJECT));

describe('custom order confirmation (seller sale notice)', () => {
  it('mails the seller at order_email once, however often and concurrently the webhook is re-delivered', async () => {
    const orderEmail = `orders-${randomUUID().slice(0, 8)}@test.example`;
    const seller = await createTestAccount('seller', { is_custom_confirmation: true, order_email: orderEmail });
    const { event, line, title } = await approvedPayment(seller);
    const since = Math.floor(Date.now() / 1000) - 1;

    expect(await completePaymentOnEvent(deps(), event)).toBe('completed');
    // Re-deliveries: directly, concurrently, and through the stand-in's signed webhook.
    await Promise.allSettled(Array.from({ length: 5 }, () => completePaymentOnEvent(deps(), event)));
    const redelivered = await standInApi<{ statuses: number[] }>('POST', `/__test/events/${event.id}/redeliver`, {
      count: 2,
    });
    expect(redelivered.status).toBe(200);
    await settle();

    const order = await orders().get(line);
    expect(order?.status).toBe('completed');
    expect(order?.seller_mail_sent_at).toBeTruthy();
    const mails = await noticesTo(orderEmail, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${SALE_NOTICE_SUBJECT}: ${order!.order_no}`);
    const text = mails[0]!.body.text ?? '';
    expect(text).toContain(`Bestellnummer: ${order!.order_no}`);
    expect(text).toContain(`Gutschein: ${title}`);
    expect(text).toContain(`Betrag: ${formatEuro(order!.total_amount - (order!.discount ?? 0))}`);
    expect(text).toContain('Verkaufskanal: Marktplatz');
    // Not (also) to the account e-mail.
    expect(await noticesTo(seller.email, since)).toHaveLength(0);
  });

  it('a notice that fails after the sale fails the webhook delivery, and the re-delivery sends it once', async () => {
    const seller = await createTestAccount('seller', { is_custom_confirmation: true });
    const { event, line } = await approvedPayment(seller);
    const since = Math.floor(Date.now() / 1000) - 1;
    const real = mailQueue();
    // The queue refuses the seller's notice (the buyer's confirmation still goes out).
    const refusing: CompletionDeps['mailQueue'] = {
      enqueue: (job) =>
        job.kind === 'mail' && job.mail.subject.startsWith(SALE_NOTICE_SUBJECT)
          ? Promise.reject(new Error('SQS throttled'))
          : real.enqueue(job),
    };
    await expect(completePaymentOnEvent({ ...deps(), mailQueue: refusing }, event)).rejects.toThrow(
      /seller sale notice/,
    );
    const sold = await orders().get(line);
    expect(sold?.status).toBe('completed');
    expect(sold?.seller_mail_sent_at).toBeUndefined();
    expect(await noticesTo(seller.email, since)).toHaveLength(0);

    // Stripe re-delivers the event: the completed payment's run sends the owed notice, once.
    expect(await completePaymentOnEvent(deps(), event)).toBe('already_completed');
    expect(await completePaymentOnEvent(deps(), event)).toBe('already_completed');
    expect((await orders().get(line))?.seller_mail_sent_at).toBeTruthy();
    expect(await noticesTo(seller.email, since)).toHaveLength(1);
  });

  it('sends nothing while the switch is off', async () => {
    const seller = await createTestAccount('seller');
    const { event, line } = await approvedPayment(seller);
    const since = Math.floor(Date.now() / 1000) - 1;
    expect(await completePaymentOnEvent(deps(), event)).toBe('completed');
    expect((await orders().get(line))?.seller_mail_sent_at).toBeUndefined();
    expect(await noticesTo(seller.email, since)).toHaveLength(0);
  });

  it('a direct sale mails the seller at the account e-mail when no order_email is set', async () => {
    const seller = await createTestAccount('seller', { is_custom_confirmation: true });
    const direct = testVoucher(`v-${randomUUID()}`, seller.userId, {
      qty_val: 3000,
      price_filter: 3000,
      display: 'direktverkauf',
      expiry_date: 2,
    });
    await putVouchers(direct);
    const buyer = await createTestAccount('user');
    const since = Math.floor(Date.now() / 1000) - 1;
    const added = await api('POST', 'order/direct-sale', {
      token: seller.token,
      body: { voucher_id: direct.id, qty: 1 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const gift = await api('POST', 'order/gift-voucher', {
      token: seller.token,
      body: { order_id: added.body.data.id, giftType: ['wallet'], user_id: buyer.userId },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    const mails = await noticesTo(seller.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain('Verkaufskanal: Direktverkauf');
    expect(mails[0]!.body.text).toContain(`Betrag: ${formatEuro(3000)}`);
  });
});
