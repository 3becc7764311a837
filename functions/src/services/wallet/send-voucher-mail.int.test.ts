import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { MSG } from '@gm/shared/validation/messages';
import { SEND_MAIL_TEXT_MAX, TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { issueOwnedVoucher } from '../../../../scripts/test/owned-voucher.ts';
import { appUrl, userVouchers } from '../../lib/deps.ts';

/** Send by e-mail (01 §2, §5, §7 order/send-voucher-pdf, transfer/transfer-send-mail) against the local SES inbox. */
const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;
const linkIn = (text: string | undefined) => /\/ein-liebevolles-geschenk\/([A-Za-z0-9_-]{22})/.exec(text ?? '')?.[1];

describe('send by e-mail (POST order/send-voucher-pdf)', () => {
  it('mails the PDF and a wallet link; sent_via = email; the recipient loads it into their wallet with the link', async () => {
    const giver = await createTestAccount('user');
    const recipient = await createTestAccount('user');
    const uv = await issueOwnedVoucher(giver.userId);
    const since = nowSeconds();

    const answer = await api('POST', 'order/send-voucher-pdf', {
      token: giver.token,
      body: {
        id: uv.id,
        email: recipient.email.toUpperCase(),
        subject: 'Für dich',
        text: 'Alles Gute zum Geburtstag!',
        sent_via: 'email',
      },
    });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({
      status: 200,
      body: { message: TRANSFER_TEXT.mailSent },
    });
    const after = await userVouchers().get(uv.id);
    expect(after).toMatchObject({ sent_via: 'email', owner_user_id: giver.userId });
    expect(after?.transfer_code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(recipient.email));
    expect(mail?.subject).toBe('Für dich');
    expect(mail?.body.text).toContain('Alles Gute zum Geburtstag!');
    expect(mail?.body.text).toContain(
      `${appUrl().replace(/\/+$/, '')}/ein-liebevolles-geschenk/${after!.transfer_code}`,
    );
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail!.attachments![0]!;
    expect(attachment).toMatchObject({ contentType: 'application/pdf' });
    expect(attachment.filename).toMatch(/\.pdf$/);
    expect(attachment.size).toBeGreaterThan(1000);
    const bytes = Buffer.from(attachment.content, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The link in the mail moves the voucher into the recipient's wallet.
    const code = linkIn(mail?.body.text)!;
    const received = await api('POST', 'transfer', {
      token: recipient.token,
      body: { id: code },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await userVouchers().get(uv.id)).toMatchObject({ owner_user_id: recipient.userId, sent_via: 'transferred' });
  });

  it('validates email, subject and text (≤ 252) with German messages and sends nothing', async () => {
    const giver = await createTestAccount('user');
    const uv = await issueOwnedVoucher(giver.userId);
    const since = nowSeconds();
    const empty = await api('POST', 'order/send-voucher-pdf', { token: giver.token, body: { id: uv.id } });
    expect(empty).toMatchObject({
      status: 422,
      body: { errors: { email: [MSG.required], subject: [MSG.required], text: [MSG.required] } },
    });
    const long = await api('POST', 'order/send-voucher-pdf', {
      token: giver.token,
      body: { id: uv.id, email: 'kein-mail', subject: 'x', text: 'a'.repeat(SEND_MAIL_TEXT_MAX + 1) },
    });
    expect(long).toMatchObject({
      status: 422,
      body: { errors: { email: [MSG.email], text: [MSG.max(SEND_MAIL_TEXT_MAX)] } },
    });
    const exact = await api('POST', 'order/send-voucher-pdf', {
      token: giver.token,
      body: { id: uv.id, email: 'freund@test.example', subject: 'x', text: 'a'.repeat(SEND_MAIL_TEXT_MAX) },
    });
    expect(exact.status).toBe(200);
    expect((await sentMails(since)).filter((m) => m.destination.to.includes('freund@test.example'))).toHaveLength(1);
  });

  it('refuses someone else’s voucher (404): no mail, no link, sent_via unchanged', async () => {
    const owner = await createTestAccount('user');
    const stranger = await createTestAccount('user');
    const uv = await issueOwnedVoucher(owner.userId);
    const since = nowSeconds();
    const target = `fremd-${randomUUID().slice(0, 8)}@test.example`;
    const answer = await api('POST', 'order/send-voucher-pdf', {
      token: stranger.token,
      body: { id: uv.id, email: target, subject: 'x', text: 'y' },
    });
    expect(answer.status).toBe(404);
    const link = await api('POST', 'transfer/transfer-send-mail', {
      token: stranger.token,
      body: { id: uv.id, email: target },
    });
    expect(link.status).toBe(404);
    expect(await userVouchers().get(uv.id)).toEqual(uv);
    expect((await sentMails(since)).filter((m) => m.destination.to.includes(target))).toHaveLength(0);
  });
});

describe('share link by e-mail (POST transfer/transfer-send-mail)', () => {
  it('mails the server-built link with the gift text, ignoring a link sent by the client; sent_via = email', async () => {
    const giver = await createTestAccount('user');
    const uv = await issueOwnedVoucher(giver.userId);
    const since = nowSeconds();
    const to = `freundin-${randomUUID().slice(0, 8)}@test.example`;
    const answer = await api('POST', 'transfer/transfer-send-mail', {
      token: giver.token,
      body: { id: uv.id, email: to, link: 'https://evil.example/phish' },
    });
    expect(answer).toMatchObject({ status: 200, body: { message: TRANSFER_TEXT.mailSent } });
    const after = await userVouchers().get(uv.id);
    expect(after?.sent_via).toBe('email');
    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(to));
    expect(mail?.subject).toBe(TRANSFER_TEXT.receiveTitle);
    expect(mail?.body.text).toContain(TRANSFER_TEXT.giftMessage);
    expect(linkIn(mail?.body.text)).toBe(after?.transfer_code);
    expect(mail?.body.text).not.toContain('evil.example');
    expect(mail?.attachments ?? []).toHaveLength(0);
  });
});
