import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CSV_HEADER, NEWSLETTER_TEXT } from '@gm/shared/admin/newsletter';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import {
  appUrl,
  hashToken,
  mailQueue,
  newToken,
  newsletter,
  newsletterSecrets,
  rateLimiter,
  resolve,
} from '../../lib/deps.ts';
import { NEWSLETTER_RESEND_AFTER_SECONDS, signUpForNewsletter } from './newsletter.ts';

/** Each test its own caller address, so the per-IP limit of one test does not leak into another. */
const octet = () => Math.floor(Math.random() * 254) + 1;
const fromIp = () => ({ 'x-viewer-address': `10.${octet()}.${octet()}.${octet()}` });
const address = () => `news-${randomUUID().slice(0, 8)}@example.com`;
const signUp = (body: unknown, headers = fromIp()) => api('POST', 'newsletter', { body, headers });
const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;

async function mailsTo(email: string, since: number) {
  return (await sentMails(since)).filter((m) => m.destination.to.includes(email));
}
const linkIn = (text: string | undefined, kind: 'bestaetigen' | 'abmelden') =>
  new RegExp(`/newsletter/${kind}/([A-Za-z0-9_-]+)`).exec(text ?? '')?.[1];

async function csvOf(token: string) {
  const res = await api('GET', 'newsletter/download-csv', { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="newsletter-\d{4}-\d{2}-\d{2}\.csv"/);
  return String(res.body);
}

describe('newsletter double opt-in', () => {
  it('answers 422 with German messages; consent is required', async () => {
    const empty = await signUp({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: [MSG.required], consent: [MSG.mustAccept] });
    const bad = await signUp({ email: 'kein-mail', consent: false, source: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['consent', 'email', 'source']);
  });

  it('pending is not in the CSV, confirmed is, unsubscribed is out again; links work without login', async () => {
    const admin = await createTestAccount('admin');
    const email = address();
    const since = nowSeconds();
    const res = await signUp({ email: email.toUpperCase(), consent: true, source: 'popup' });
    expect(res).toMatchObject({ status: 200, body: { message: NEWSLETTER_TEXT.signedUp } });

    // Stored pending with consent time and an IP hash, never the raw IP.
    const stored = await newsletter().get(email);
    expect(stored).toMatchObject({ email, status: 'pending', source: 'popup' });
    expect(stored?.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toMatch(/10\.\d+\.\d+\.\d+/);
    expect(Date.parse(stored!.consent_at)).toBeGreaterThan(Date.now() - 60_000);

    // One mail with a confirmation link and an unsubscribe link.
    const mails = await mailsTo(email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(NEWSLETTER_TEXT.mailSubject);
    const confirmToken = linkIn(mails[0]!.body.text, 'bestaetigen');
    const unsubscribeToken = linkIn(mails[0]!.body.text, 'abmelden');
    expect(confirmToken).toBeTruthy();
    expect(unsubscribeToken).toBeTruthy();
    expect(mails[0]!.body.text).toContain(`${appUrl()}/newsletter/bestaetigen/${confirmToken}`);

    expect(await csvOf(admin.token)).not.toContain(email);

    // Confirm once (no login): confirmed, in the CSV with its unsubscribe link.
    const confirmed = await api('POST', 'newsletter/confirm', { body: { token: confirmToken } });
    expect(confirmed).toMatchObject({ status: 200, body: { message: NEWSLETTER_TEXT.confirmed } });
    expect((await newsletter().get(email))?.status).toBe('confirmed');
    const csv = await csvOf(admin.token);
    // (fetch's text() drops the BOM the file starts with)
    expect(csv.replace(/^\uFEFF/, '').startsWith(NEWSLETTER_CSV_HEADER.join(';'))).toBe(true);
    const row = csv.split('\r\n').find((line) => line.startsWith(`${email};`));
    expect(row).toBeDefined();
    expect(row).toContain(';popup;');
    expect(row).toContain(`/newsletter/abmelden/${unsubscribeToken}`);

    // A confirmed address signing up again: same answer, no mail, no change.
    // (the stand-in's `since` counts whole seconds: count every mail to the address since the start)
    expect((await signUp({ email, consent: true })).status).toBe(200);
    expect(await mailsTo(email, since)).toHaveLength(1);
    expect((await newsletter().get(email))?.status).toBe('confirmed');

    // Unsubscribe (repeatable), out of the CSV.
    for (let i = 0; i < 2; i++) {
      const out = await api('POST', 'newsletter/unsubscribe', { body: { token: unsubscribeToken } });
      expect(out).toMatchObject({ status: 200, body: { message: NEWSLETTER_TEXT.unsubscribed } });
    }
    expect((await newsletter().get(email))?.status).toBe('unsubscribed');
    expect(await csvOf(admin.token)).not.toContain(email);

    // Unknown tokens: 404 with the German message.
    expect(await api('POST', 'newsletter/unsubscribe', { body: { token: 'unbekannt' } })).toMatchObject({
      status: 404,
      body: { message: NEWSLETTER_TEXT.unsubscribeInvalid },
    });
    expect((await api('POST', 'newsletter/confirm', { body: {} })).status).toBe(422);

    // Signing up after unsubscribing starts a new double opt-in (one item, pending again, a new mail).
    expect((await signUp({ email, consent: true, source: 'footer' })).status).toBe(200);
    expect((await newsletter().get(email))?.status).toBe('pending');
    expect(await mailsTo(email, since)).toHaveLength(2);
  });

  it('a confirmation token works once; concurrent confirms confirm once', async () => {
    const email = address();
    const since = nowSeconds();
    await signUp({ email, consent: true });
    const [mail] = await mailsTo(email, since);
    const token = linkIn(mail?.body.text, 'bestaetigen');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', 'newsletter/confirm', { body: { token } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404]);
    const second = await api('POST', 'newsletter/confirm', { body: { token } });
    expect(second).toMatchObject({ status: 404, body: { message: NEWSLETTER_TEXT.confirmInvalid } });
  });

  it('re-signing is idempotent: one item, the confirmation re-sent at most every 10 minutes, the old link replaced', async () => {
    const email = address();
    const since = nowSeconds();
    const answers = await Promise.all(Array.from({ length: 4 }, () => signUp({ email, consent: true })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const first = await mailsTo(email, since);
    expect(first).toHaveLength(1);
    const oldToken = linkIn(first[0]!.body.text, 'bestaetigen');

    // Eleven minutes later (the service with a moved clock): a fresh link; the old one stops working.
    const later = new Date(Date.now() + (NEWSLETTER_RESEND_AFTER_SECONDS + 60) * 1000);
    const deps = {
      ...resolve({ newsletter, newsletterSecrets, rateLimiter, mailQueue, newToken, hashToken, appUrl }),
      clock: () => later,
    };
    await signUpForNewsletter(deps, { email, consent: true, source: 'footer' }, '10.1.2.3');
    const both = await mailsTo(email, since);
    expect(both).toHaveLength(2);
    const newToken_ = linkIn(both[1]!.body.text, 'bestaetigen');
    expect(newToken_).not.toBe(oldToken);
    expect((await api('POST', 'newsletter/confirm', { body: { token: oldToken } })).status).toBe(404);
    expect((await api('POST', 'newsletter/confirm', { body: { token: newToken_ } })).status).toBe(200);
  });

  it('allows ten sign-ups per IP and hour, then answers 429', async () => {
    const ip = fromIp();
    for (let i = 0; i < 10; i++) expect((await signUp({ email: address(), consent: true }, ip)).status).toBe(200);
    expect(await signUp({ email: address(), consent: true }, ip)).toMatchObject({
      status: 429,
      body: { message: TEXT.tooManyRequests },
    });
    expect((await signUp({ email: address(), consent: true }, fromIp())).status).toBe(200);
  });

  it('the CSV is for admins only', async () => {
    expect((await api('GET', 'newsletter/download-csv')).status).toBe(401);
    for (const role of ['user', 'seller', 'scanner'] as const) {
      const account = await createTestAccount(role);
      expect((await api('GET', 'newsletter/download-csv', { token: account.token })).status).toBe(403);
    }
  });
});
