import { settleStandIn, standInApi } from '../../../../scripts/test/stripe-stand-in.ts';
import { approvedPaymentWithHeldEvent as approvedPayment } from '../../../../scripts/test/held-payment.ts';
import { describe, expect, it } from 'vitest';
import { sentMails } from '../../../../scripts/test/api.ts';
import { orders, paymentRecords, resolve, userVouchers } from '../../lib/deps.ts';
import { completionProviders } from '../../lib/deps/payments.ts';
import { mailWorkerDeps } from '../../workers/mail-queue.ts';
import { completePaymentOnEvent, type CompletionDeps } from './complete-payment.ts';
import { deliverConfirmation, MAIL_LEASE_MS } from './confirmation-mail.ts';

/**
 * The confirmation mail is sent at least once (lease + `mail_sent_at` on the Payment): a run that
 * completed the order but died before handing the mail to the queue leaves it owed, and the next
 * delivery of `payment_intent.succeeded` enqueues it. The mail worker's `order-confirmation` job
 * (issue 15: the PDFs are rendered there) sends it once, however many jobs and deliveries race.
 */
const settle = settleStandIn;

const deps = (): CompletionDeps => resolve(completionProviders);
const crashingMailQueue = { enqueue: () => Promise.reject(new Error('simulated crash before the mail')) };
const worker = () => mailWorkerDeps();

const mailsTo = async (email: string, since: number) =>
  (await sentMails(since)).filter(
    (m) => m.destination.to.includes(email) && m.subject === 'Deine Bestellung bei Gutscheinmarkt',
  );

describe('confirmation mail at least once', () => {
  it('sends the mail lost by a crash after completion on the re-delivered event, once; 20 concurrent re-deliveries after that send nothing', async () => {
    const { buyer, paymentId, intentId, event, line } = await approvedPayment();
    const since = Math.floor(Date.now() / 1000) - 1;

    // The run completes the order, then "dies" before the mail: the consumer fails, Stripe gets no 2xx.
    await expect(completePaymentOnEvent({ ...deps(), mailQueue: crashingMailQueue }, event)).rejects.toThrow(
      'simulated crash',
    );
    expect(await orders().get(line)).toMatchObject({ status: 'completed', payment_id: paymentId });
    const owed = await paymentRecords().get(paymentId);
    expect(owed?.completed_at).toBeTruthy();
    expect(owed?.mail_sent_at).toBeUndefined();
    expect(owed?.mail_lease_until).toBeUndefined();
    expect(await mailsTo(buyer.email, since)).toHaveLength(0);

    // Stripe re-delivers the event: the webhook finds the payment completed with the mail owed and sends it.
    const first = await standInApi<{ statuses: number[] }>('POST', `/__test/events/${event.id}/redeliver`, {
      count: 1,
    });
    expect(first.body.statuses).toEqual([200]);
    await settle();
    const mails = await mailsTo(buyer.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    expect((await paymentRecords().get(paymentId))?.mail_sent_at).toBeTruthy();

    // 20 concurrent re-deliveries after success, and 20 runs of the consumer itself: still one mail, still one voucher.
    const again = await standInApi<{ statuses: number[] }>('POST', `/__test/events/${event.id}/redeliver`, {
      count: 20,
    });
    expect(again.body.statuses.every((s) => s === 200)).toBe(true);
    const direct = await Promise.all(Array.from({ length: 20 }, () => completePaymentOnEvent(deps(), event)));
    expect(direct.every((o) => o === 'already_completed')).toBe(true);
    await settle();
    expect(await mailsTo(buyer.email, since)).toHaveLength(1);
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toHaveLength(1);
    await standInApi('POST', '/__test/release', { object: intentId });
  });

  it('sends an owed mail exactly once when 20 deliveries and 20 worker runs of its job race for it', async () => {
    const { buyer, paymentId, intentId, event } = await approvedPayment();
    const since = Math.floor(Date.now() / 1000) - 1;
    await expect(completePaymentOnEvent({ ...deps(), mailQueue: crashingMailQueue }, event)).rejects.toThrow(
      'simulated crash',
    );
    expect(await mailsTo(buyer.email, since)).toHaveLength(0);

    // 20 deliveries at once (no event claim in between) each enqueue the job while the mail is owed,
    // and 20 runs of the job race them: one claims the lease and sends, the others answer 409 (the
    // queue delivers such a job again) or find it sent.
    const [runs, jobs] = await Promise.all([
      Promise.allSettled(Array.from({ length: 20 }, () => completePaymentOnEvent(deps(), event))),
      Promise.allSettled(Array.from({ length: 20 }, () => deliverConfirmation(worker(), paymentId))),
    ]);
    expect(runs.every((r) => r.status === 'fulfilled' && r.value === 'already_completed')).toBe(true);
    for (const r of jobs) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409 });
    expect(jobs.filter((r) => r.status === 'fulfilled' && r.value === 'sent').length).toBeLessThanOrEqual(1);
    const mails = await mailsTo(buyer.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect((await paymentRecords().get(paymentId))?.mail_sent_at).toBeTruthy();
    await standInApi('POST', '/__test/release', { object: intentId });
    await settle();
    expect(await mailsTo(buyer.email, since)).toHaveLength(1);
  });

  it('takes over the lease of a worker that died mid-send only after it expired', async () => {
    const { buyer, paymentId, intentId, event } = await approvedPayment();
    const since = Math.floor(Date.now() / 1000) - 1;
    await expect(completePaymentOnEvent({ ...deps(), mailQueue: crashingMailQueue }, event)).rejects.toThrow(
      'simulated crash',
    );
    expect((await paymentRecords().get(paymentId))?.mail_lease_until).toBeUndefined();
    // A worker that died while sending: lease taken, never released (its process is gone).
    const dying = {
      ...worker(),
      mailer: { send: () => Promise.reject(new Error('simulated crash while sending')) },
      paymentRecords: { ...paymentRecords(), releaseMail: () => Promise.resolve() },
    };
    await expect(deliverConfirmation(dying, paymentId)).rejects.toThrow('simulated crash while sending');
    expect((await paymentRecords().get(paymentId))?.mail_lease_until).toBeTruthy();

    // While the lease lives, another delivery of the job answers 409 (the queue retries later) and sends nothing.
    await expect(deliverConfirmation(worker(), paymentId)).rejects.toMatchObject({ statusCode: 409 });
    expect(await mailsTo(buyer.email, since)).toHaveLength(0);
    // After it expired, the next delivery sends the mail.
    const later = () => new Date(Date.now() + MAIL_LEASE_MS + 1000);
    expect(await deliverConfirmation({ ...worker(), clock: later }, paymentId)).toBe('sent');
    expect(await mailsTo(buyer.email, since)).toHaveLength(1);
    const sent = await paymentRecords().get(paymentId);
    expect(sent?.mail_sent_at).toBeTruthy();
    expect(sent?.mail_lease_until).toBeUndefined();
    // Sent: a further delivery of the job and of the event send nothing.
    expect(await deliverConfirmation(worker(), paymentId)).toBe('not_owed');
    expect(await completePaymentOnEvent(deps(), event)).toBe('already_completed');
    await standInApi('POST', '/__test/release', { object: intentId });
    await settle();
    expect(await mailsTo(buyer.email, since)).toHaveLength(1);
  });

  it('waits while the stream numbers the invoice, then sends the mail with it', async () => {
    const { buyer, paymentId, intentId, event, line } = await approvedPayment();
    const since = Math.floor(Date.now() / 1000) - 1;
    await expect(completePaymentOnEvent({ ...deps(), mailQueue: crashingMailQueue }, event)).rejects.toThrow(
      'simulated crash',
    );
    // The first three looks still find the draft (the stream has not numbered it yet).
    let looks = 0;
    const base = worker();
    const slowNumbering = {
      ...base,
      orders: {
        ...base.orders,
        invoicesPending: async (ids: readonly string[]) => (++looks <= 3 ? [...ids] : base.orders.invoicesPending(ids)),
      },
    };
    expect(await deliverConfirmation(slowNumbering, paymentId)).toBe('sent');
    expect(looks).toBe(4);
    const [mail] = await mailsTo(buyer.email, since);
    const invoiceNo = (await orders().get(line))?.invoice_no;
    expect(invoiceNo).toMatch(/^RE-/);
    expect(mail?.attachments?.map((a) => a.filename)).toEqual([`Rechnung-${invoiceNo}.pdf`]);
    await standInApi('POST', '/__test/release', { object: intentId });
    await settle();
  });
});
