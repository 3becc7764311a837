import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { freePort } from '../../../../scripts/dev/processes.ts';
import { startQueueStandIn, type QueueStandIn } from '../../../../scripts/dev/queue-stand-in.ts';
import { api, drainMailQueue, pauseMailQueue, sentMails } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import type { Mail, Mailer } from '../../adapters/ses-mailer.ts';
import { createSqsMailQueue, MAX_INLINE_MESSAGE_BYTES, OUTBOX_PREFIX } from '../../adapters/sqs-mail-queue.ts';
import { documentClient, s3Client } from '../../lib/clients.ts';
import { appUrl, mailer, mailOutbox, users, userVouchers } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import { mailQueueConsumer, mailWorkerDeps } from '../../workers/mail-queue.ts';
import { newVoucherCode, voucherQrUrl } from '../orders/voucher-code.ts';
import { newUserRecord } from '../users/new-user.ts';
import type { MailWorkerDeps } from './run-mail-job.ts';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';

const CALLS = 50;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** An account as the forgot-password worker sees it: the e-mail's uniqueness item and profile (no Cognito needed). */
async function knownAccount(): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const user = newUserRecord(
    {
      id: `reset-${suffix}`,
      username: `reset-${suffix}`,
      email: `reset-${suffix}@test.example`,
      role: 'user',
      first_name: 'Reset',
      last_name: 'Test',
      region_id: 1,
      origin: 'standard',
    },
    new Date(),
  );
  await users().create(user);
  return user.email;
}

/** One active guest voucher bought with `email`. */
async function guestVoucher(email: string): Promise<UserVoucherRecord> {
  const sellerId = `seller-${randomUUID().slice(0, 8)}`;
  const voucher = testVoucher(`v-${randomUUID()}`, sellerId, { title: 'Thermen-Tag' });
  await putVouchers(voucher);
  const code = newVoucherCode();
  const now = new Date().toISOString();
  const record: UserVoucherRecord = {
    id: randomUUID(),
    code,
    qr: voucherQrUrl(appUrl(), code),
    order_id: randomUUID(),
    order_no: 'GM-2026-000077',
    voucher_id: voucher.id,
    seller_id: sellerId,
    voucher: toVoucherCard(voucher),
    type: 'value',
    qty: 1,
    value: 5000,
    remaining_qty: 1,
    remaining_value: 5000,
    valid_until: `${new Date().getFullYear() + 3}-12-31`,
    owner_guest_email: email,
    status: 'active',
    sent_via: null,
    acquired_at: now,
    created_at: now,
    version: 1,
  };
  await documentClient().send(new TransactWriteCommand({ TransactItems: userVouchers().issueParts(record) }));
  return record;
}

/**
 * Interleaved known / unknown calls (each with its own address and viewer, so no rate limit answers
 * 429) while the mail worker is paused: on AWS it runs in its own Lambda, so its work never shares a
 * process with the request; locally it would, and would slow whichever call came next.
 */
async function timeInterleaved(
  path: string,
  known: readonly string[],
  unknown: readonly string[],
): Promise<{ known: number[]; unknown: number[]; bodies: Set<string>; statuses: Set<number> }> {
  const times = { known: [] as number[], unknown: [] as number[] };
  const bodies = new Set<string>();
  const statuses = new Set<number>();
  const viewer = `203.0.${Math.floor(Math.random() * 200)}`;
  const call = async (email: string, i: number, into: number[]) => {
    const started = performance.now();
    const answer = await api('POST', path, { body: { email }, headers: { 'x-viewer-address': `${viewer}.${i}` } });
    into.push(performance.now() - started);
    bodies.add(JSON.stringify(answer.body));
    statuses.add(answer.status);
  };
  // Warm both paths (module load, clients, connections) before measuring; the last known address is for that.
  await call(`warm-${randomUUID()}@test.example`, 250, []);
  await call(known[CALLS]!, 251, []);
  for (let i = 0; i < CALLS; i++) {
    // Alternate which goes first, so neither profits from the order.
    if (i % 2 === 0) {
      await call(known[i]!, i * 2, times.known);
      await call(unknown[i]!, i * 2 + 1, times.unknown);
    } else {
      await call(unknown[i]!, i * 2, times.unknown);
      await call(known[i]!, i * 2 + 1, times.known);
    }
  }
  return { ...times, bodies, statuses };
}

/**
 * The median of the differences of the 50 interleaved pairs (known − unknown) stays within 5 ms: each
 * pair ran back to back, so a slow phase of a loaded machine shifts both of its calls alike.
 */
function expectSameTiming(timing: { known: number[]; unknown: number[] }): void {
  const pairs = timing.known.map((k, i) => k - timing.unknown[i]!);
  const summary = `median known ${median(timing.known).toFixed(2)} ms, unknown ${median(timing.unknown).toFixed(2)} ms, of the pair differences ${median(pairs).toFixed(2)} ms`;
  expect(Math.abs(median(pairs)), summary).toBeLessThan(5);
}

describe('constant-time answers (issue 14)', () => {
  it('forgot-password answers known and unknown addresses alike (median difference < 5 ms over 50 each); only known ones get the link', async () => {
    const known = [];
    for (let i = 0; i <= CALLS; i++) known.push(await knownAccount());
    const unknown = Array.from({ length: CALLS }, () => `ghost-${randomUUID().slice(0, 12)}@test.example`);
    const since = Math.floor(Date.now() / 1000) - 1;

    await drainMailQueue();
    await pauseMailQueue(true);
    let timing;
    try {
      timing = await timeInterleaved('auth/forgot-password', known, unknown);
    } finally {
      await pauseMailQueue(false);
    }
    expect([...timing.statuses]).toEqual([200]);
    expect([...timing.bodies]).toEqual([JSON.stringify({ message: AUTH_TEXT.resetMailSent })]);
    expectSameTiming(timing);

    // The worker then mails each known address its link, and no unknown one anything.
    const mails = await sentMails(since);
    for (const email of known) {
      const mine = mails.filter((m) => m.destination.to.includes(email));
      expect(mine, email).toHaveLength(1);
      expect(mine[0]!.body.text).toMatch(/\/forgot-password\/[A-Za-z0-9_-]+\?email=/);
    }
    expect(mails.filter((m) => m.destination.to.some((to) => to.startsWith('ghost-')))).toHaveLength(0);
  });

  it('guest retrieval answers known and unknown addresses alike (median difference < 5 ms over 50 each); only known ones get their PDFs', async () => {
    const known = Array.from({ length: CALLS + 1 }, () => `guest-${randomUUID().slice(0, 12)}@test.example`);
    const codes = new Map<string, string>();
    for (const email of known) codes.set(email, (await guestVoucher(email)).code);
    const unknown = Array.from({ length: CALLS }, () => `nobody-${randomUUID().slice(0, 12)}@test.example`);
    const since = Math.floor(Date.now() / 1000) - 1;

    await drainMailQueue();
    await pauseMailQueue(true);
    let timing;
    try {
      timing = await timeInterleaved('retrieve/guest-vouchers', known, unknown);
    } finally {
      await pauseMailQueue(false);
    }
    expect([...timing.statuses]).toEqual([200]);
    expect([...timing.bodies]).toEqual([JSON.stringify({ message: WALLET_TEXT.guestRetrievalSent })]);
    expectSameTiming(timing);

    const mails = await sentMails(since);
    for (const email of known) {
      const mine = mails.filter((m) => m.destination.to.includes(email));
      expect(mine, email).toHaveLength(1);
      expect(mine[0]!.body.text).toContain(codes.get(email));
      expect(mine[0]!.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);
    }
    expect(mails.filter((m) => m.destination.to.some((to) => to.startsWith('nobody-')))).toHaveLength(0);
  }, 120_000);
});

describe('a failed send is retried (issue 14)', () => {
  // A queue of its own in this process, with the real worker code and a mailer that fails on demand.
  let standIn: QueueStandIn;
  let queueUrl: string;
  let sqs: SQSClient;
  let failures: Map<string, number>;
  const QUEUE = 'gm-mail-retry-test';

  const flakyMailer: Mailer = {
    async send(mail: Mail) {
      const left = failures.get(mail.to) ?? 0;
      if (left > 0) {
        failures.set(mail.to, left - 1);
        throw new Error('simulated SES throttling');
      }
      await mailer().send(mail);
    },
  };
  const workerDeps = (): MailWorkerDeps => ({ ...mailWorkerDeps(), mailer: flakyMailer });

  beforeAll(async () => {
    failures = new Map();
    const port = await freePort();
    standIn = await startQueueStandIn({
      port,
      queues: [
        { name: QUEUE, maxReceiveCount: 5, retryDelayMs: 20, consumer: async () => mailQueueConsumer(workerDeps) },
      ],
    });
    queueUrl = standIn.queueUrl(QUEUE);
    sqs = new SQSClient({
      region: env().AWS_REGION,
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    sqs?.destroy();
    await standIn?.stop();
  });

  const queue = () => createSqsMailQueue(sqs, queueUrl, mailOutbox());
  const mail = (to: string, extra: Partial<Mail> = {}): Mail => ({
    to,
    subject: 'Deine Bestellung bei Gutscheinmarkt',
    text: 'Hallo,\n\ndanke für deine Bestellung.',
    ...extra,
  });

  it('a mail whose first send fails arrives on the retry, once; the other job of the batch is not repeated', async () => {
    const flaky = `flaky-${randomUUID().slice(0, 8)}@test.example`;
    const steady = `steady-${randomUUID().slice(0, 8)}@test.example`;
    failures.set(flaky, 1);
    const since = Math.floor(Date.now() / 1000) - 1;
    // Both in one batch: paused while they are sent.
    standIn.queue(QUEUE).pause();
    await queue().enqueue({ kind: 'mail', mail: mail(flaky) });
    await queue().enqueue({ kind: 'mail', mail: mail(steady) });
    standIn.queue(QUEUE).resume();
    await standIn.queue(QUEUE).idle();

    const mails = await sentMails(since);
    expect(mails.filter((m) => m.destination.to.includes(flaky))).toHaveLength(1);
    // Partial batch failure: only the failed record came back, so the steady one went out once.
    expect(mails.filter((m) => m.destination.to.includes(steady))).toHaveLength(1);
    expect(failures.get(flaky)).toBe(0);
    expect(standIn.queue(QUEUE).dead).toHaveLength(0);
  });

  it('a mail that always fails ends in the dead letters after five receives and is never sent', async () => {
    const broken = `broken-${randomUUID().slice(0, 8)}@test.example`;
    failures.set(broken, Number.POSITIVE_INFINITY);
    const since = Math.floor(Date.now() / 1000) - 1;
    await queue().enqueue({ kind: 'mail', mail: mail(broken) });
    await standIn.queue(QUEUE).idle();

    const dead = standIn.queue(QUEUE).dead.filter((d) => d.body.includes(broken));
    expect(dead).toHaveLength(1);
    expect(dead[0]!.receiveCount).toBe(5);
    expect(JSON.parse(dead[0]!.body)).toMatchObject({ kind: 'mail', mail: { to: broken } });
    expect((await sentMails(since)).filter((m) => m.destination.to.includes(broken))).toHaveLength(0);
  });

  it('a job above the message limit travels as a claim check through the private bucket, whose copy is deleted once sent', async () => {
    const to = `large-${randomUUID().slice(0, 8)}@test.example`;
    const pdf = new Uint8Array(MAX_INLINE_MESSAGE_BYTES);
    pdf.set(Buffer.from('%PDF-1.7\n'));
    const since = Math.floor(Date.now() / 1000) - 1;
    await queue().enqueue({
      kind: 'mail',
      mail: mail(to, { attachments: [{ filename: 'gutschein.pdf', contentType: 'application/pdf', content: pdf }] }),
    });
    await standIn.queue(QUEUE).idle();

    const sent = (await sentMails(since)).filter((m) => m.destination.to.includes(to));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attachments?.[0]).toMatchObject({ filename: 'gutschein.pdf', size: pdf.byteLength });
    const left = await s3Client().send(
      new ListObjectsV2Command({ Bucket: env().PRIVATE_BUCKET, Prefix: OUTBOX_PREFIX }),
    );
    expect(left.KeyCount ?? 0).toBe(0);
  });
});
