import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../adapters/ses-mailer.ts';
import type { MailOutbox } from '../adapters/sqs-mail-queue.ts';
import { decodeMailJob, encodeMailJob, mailJobOf } from '../services/mail/mail-jobs.ts';
import type { MailWorkerDeps } from '../services/mail/run-mail-job.ts';
import { mailQueueConsumer } from './mail-queue.ts';

const record = (messageId: string, body: string): SQSRecord =>
  ({ messageId, body, attributes: { ApproximateReceiveCount: '1' } }) as unknown as SQSRecord;

function fakes(failFor: string[] = []) {
  const sent: Mail[] = [];
  const stored = new Map<string, string>();
  const outbox: MailOutbox = {
    put: async (key, body) => void stored.set(key, body),
    read: async (key) => stored.get(key),
    delete: async (key) => void stored.delete(key),
  };
  const deps = {
    mailer: {
      send: async (mail: Mail) => {
        if (failFor.includes(mail.to)) throw new Error('SES throttled');
        sent.push(mail);
      },
    },
    mailOutbox: outbox,
  } as unknown as MailWorkerDeps;
  return { deps, sent, stored };
}

const mail = (to: string): Mail => ({ to, subject: 'Betreff', text: 'Text' });

describe('mail jobs on the wire', () => {
  it('round-trips a mail with a binary attachment through base64', () => {
    const content = new Uint8Array([0, 1, 2, 250, 255]);
    const job = {
      kind: 'mail' as const,
      mail: {
        ...mail('a@test.example'),
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content }],
      },
    };
    const back = decodeMailJob(encodeMailJob(job));
    expect(back.kind).toBe('mail');
    expect(mailJobOf(back as Exclude<typeof back, { kind: 'stored' }>)).toEqual(job);
  });

  it('carries the jobs that render PDFs in the worker as ids only (issue 15) and refuses incomplete ones', () => {
    const jobs = [
      { kind: 'order-confirmation', paymentId: 'pay-1' },
      { kind: 'cancellation', orderId: 'order-1' },
      { kind: 'seller-invoice', invoiceId: 'inv-1', to: 'seller@test.example' },
    ] as const;
    for (const job of jobs) {
      const body = encodeMailJob(job);
      expect(body.length).toBeLessThan(120);
      expect(decodeMailJob(body)).toEqual(job);
    }
    expect(() => decodeMailJob('{"kind":"order-confirmation"}')).toThrow();
    expect(() => decodeMailJob('{"kind":"seller-invoice","invoiceId":"inv-1"}')).toThrow();
  });

  it('refuses a body that is no job', () => {
    expect(() => decodeMailJob('{"kind":"sms","to":"x"}')).toThrow();
    expect(() => decodeMailJob('not json')).toThrow();
    expect(() => decodeMailJob('{"kind":"stored","key":"elsewhere/x.json"}')).toThrow();
  });
});

describe('the mail worker', () => {
  it('reports exactly the failed records of a batch (malformed bodies and failed sends); the others are sent once', async () => {
    const { deps, sent } = fakes(['down@test.example']);
    const consumer = mailQueueConsumer(() => deps);
    const result = await consumer({
      Records: [
        record('m1', encodeMailJob({ kind: 'mail', mail: mail('ok@test.example') })),
        record('m2', encodeMailJob({ kind: 'mail', mail: mail('down@test.example') })),
        record('m3', 'garbage'),
        record('m4', encodeMailJob({ kind: 'mail', mail: mail('also-ok@test.example') })),
      ],
    });
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }]);
    expect(sent.map((m) => m.to)).toEqual(['ok@test.example', 'also-ok@test.example']);
  });

  it('runs an order confirmation only under the lease on its payment: a sent or leased one sends nothing', async () => {
    const { deps, sent } = fakes();
    const claims: string[] = [];
    let answer: 'sent' | 'leased' = 'sent';
    const withPayments = {
      ...deps,
      clock: () => new Date('2026-11-26T12:00:00Z'),
      paymentRecords: {
        claimMail: async (id: string) => {
          claims.push(id);
          return answer;
        },
      },
    } as unknown as MailWorkerDeps;
    const consumer = mailQueueConsumer(() => withPayments);
    const body = encodeMailJob({ kind: 'order-confirmation', paymentId: 'pay-1' });
    expect((await consumer({ Records: [record('c1', body)] })).batchItemFailures).toEqual([]);
    // Another delivery holds the lease: this one fails, so the queue delivers it again later.
    answer = 'leased';
    expect((await consumer({ Records: [record('c2', body)] })).batchItemFailures).toEqual([{ itemIdentifier: 'c2' }]);
    expect(claims).toEqual(['pay-1', 'pay-1']);
    expect(sent).toEqual([]);
  });

  it('sends a stored job and deletes its body; a second delivery of the same message sends nothing', async () => {
    const { deps, sent, stored } = fakes();
    stored.set('mail-outbox/1.json', encodeMailJob({ kind: 'mail', mail: mail('big@test.example') }));
    const consumer = mailQueueConsumer(() => deps);
    const body = JSON.stringify({ kind: 'stored', key: 'mail-outbox/1.json' });
    expect((await consumer({ Records: [record('s1', body)] })).batchItemFailures).toEqual([]);
    expect((await consumer({ Records: [record('s1', body)] })).batchItemFailures).toEqual([]);
    expect(sent.map((m) => m.to)).toEqual(['big@test.example']);
    expect(stored.size).toBe(0);
  });

  it('keeps a stored body whose send failed, for the retry', async () => {
    const { deps, stored } = fakes(['down@test.example']);
    stored.set('mail-outbox/2.json', encodeMailJob({ kind: 'mail', mail: mail('down@test.example') }));
    const consumer = mailQueueConsumer(() => deps);
    const result = await consumer({
      Records: [record('s2', JSON.stringify({ kind: 'stored', key: 'mail-outbox/2.json' }))],
    });
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 's2' }]);
    expect(stored.has('mail-outbox/2.json')).toBe(true);
  });
});
