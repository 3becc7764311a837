import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEXT } from '@gm/shared/contact/contracts';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { api, sentMails, type SentMail } from '../../../../scripts/test/api.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maria Muster',
  phone: '+43 512 123456',
  email: `maria-${randomUUID().slice(0, 8)}@example.com`,
  message: 'Ich hätte gern Infos für Firmenkunden.',
  consent: true,
  ...overrides,
});
/** Each test its own caller address, so the per-IP limit of one test does not leak into another. */
const octet = () => Math.floor(Math.random() * 254) + 1;
const fromIp = () => ({ 'x-viewer-address': `10.${octet()}.${octet()}.${octet()}` });
const send = (body: unknown, headers = fromIp()) => api('POST', 'contact', { body, headers });

describe('POST contact', () => {
  it('answers 422 with German messages; phone is optional, the message at most 2000 characters', async () => {
    const empty = await send({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: [MSG.required],
      email: [MSG.required],
      message: [MSG.required],
      consent: [MSG.mustAccept],
    });

    const bad = await send(form({ email: 'kein-mail', message: 'x'.repeat(2001), consent: false, phone: undefined }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ email: [MSG.email], message: [MSG.max(2000)], consent: [MSG.mustAccept] });
  });

  it('mails the operator with the sender as reply-to and keeps the message', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const body = form({ phone: '' });
    const res = await send(body);
    expect(res).toMatchObject({ status: 200, body: { message: CONTACT_TEXT.sent } });

    const mails = (await sentMails(since)) as (SentMail & { replyTo?: string[] })[];
    const mail = mails.find((m) => m.body.text?.includes(body.email));
    expect(mail?.destination.to).toEqual([env().CONTACT_EMAIL ?? env().MAIL_FROM]);
    expect(mail?.replyTo).toEqual([body.email]);
    expect(mail?.subject).toBe('Kontaktanfrage von Maria Muster');
    expect(mail?.body.text).toContain(body.message);
    expect(mail?.body.text).toContain('Telefon: –');

    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': 'CONTACTS' },
      }),
    );
    const stored = Items?.find((item) => item.email === body.email);
    expect(stored).toMatchObject({
      entity: 'ContactMessage',
      name: 'Maria Muster',
      phone: null,
      message: body.message,
    });
    expect(stored?.PK).toBe(`CONTACT#${stored?.id}`);
    expect(stored?.ttl).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
  });

  it('allows five messages per IP and hour, then answers 429', async () => {
    const ip = fromIp();
    for (let i = 0; i < 5; i++) expect((await send(form(), ip)).status).toBe(200);
    const sixth = await send(form(), ip);
    expect(sixth).toMatchObject({ status: 429, body: { message: TEXT.tooManyRequests } });
    expect((await send(form(), fromIp())).status).toBe(200);
  });
});
