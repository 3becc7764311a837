import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { appUrl, buyerVouchers } from '../../lib/deps.ts';

/** Share links for buyer-designed vouchers (01 §2 /buyer-voucher/transfer/{id}, §7 buyer-transfer). */
async function designed(owner: TestAccount): Promise<string> {
  const id = randomUUID();
  const saved = await api('POST', `buyer-voucher/${id}`, {
    token: owner.token,
    body: {
      title: 'Frühstück im Bett',
      description: null,
      from: 'Anna',
      background: 'default',
      text_color: '#1f2a2c',
      note: null,
      version: 0,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

const createLink = (who: TestAccount, id: string) =>
  api('POST', 'transfer-url', { token: who.token, body: { order_id: id, type: 'buyer' } });
const receive = (who: TestAccount, code: string) =>
  api('POST', 'buyer-transfer', {
    token: who.token,
    body: { id: code },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });

describe('buyer-designed voucher transfer', () => {
  it('shares by link; one of two racing receivers gets it, the giver loses it; own link 422; stranger cannot share', async () => {
    const giver = await createTestAccount('user');
    const id = await designed(giver);
    const stranger = await createTestAccount('user');
    expect((await createLink(stranger, id)).status).toBe(404);

    const link = await createLink(giver, id);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const code = link.body.data.transfer_url.url_code as string;
    expect(link.body.data.transfer_url.url).toBe(`${appUrl().replace(/\/+$/, '')}/buyer-voucher/transfer/${code}`);
    expect((await buyerVouchers().get(id))?.transfer_code).toBe(code);
    expect(await api('GET', `transfer/${code}?type=buyer`)).toMatchObject({
      status: 200,
      body: { data: { kind: 'buyer_voucher', id, title: 'Frühstück im Bett', from_name: 'Anna' } },
    });
    // A user-voucher receive does not accept a buyer link.
    expect((await api('GET', `transfer/${code}`)).status).toBe(404);

    expect(await receive(giver, code)).toMatchObject({
      status: 422,
      body: { errors: { id: [TRANSFER_TEXT.ownLink] } },
    });

    const [b, c] = await Promise.all([createTestAccount('user'), createTestAccount('user')]);
    const answers = await Promise.all([receive(b, code), receive(c, code)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const lost = answers.find((a) => a.status !== 200)!;
    expect(lost.body).toEqual({ message: TRANSFER_TEXT.linkInvalid });
    const winner = answers[0]!.status === 200 ? b : c;
    const loser = winner === b ? c : b;

    const after = await buyerVouchers().get(id);
    expect(after).toMatchObject({ owner_user_id: winner.userId, creator_user_id: giver.userId, version: 2 });
    expect(after?.transfer_code).toBeUndefined();
    expect((await buyerVouchers().listByOwner(winner.userId)).map((v) => v.id)).toEqual([id]);
    expect(await buyerVouchers().listByOwner(giver.userId)).toEqual([]);
    expect(await buyerVouchers().listByOwner(loser.userId)).toEqual([]);
    expect((await createLink(giver, id)).status).toBe(404);
  });

  it('sends the buyer-designed voucher by e-mail with its PDF and a link that loads it into the recipient’s wallet', async () => {
    const giver = await createTestAccount('user');
    const recipient = await createTestAccount('user');
    const id = await designed(giver);
    const stranger = await createTestAccount('user');
    const since = Math.floor(Date.now() / 1000) - 1;
    const body = {
      id,
      email: recipient.email,
      subject: 'Für dich',
      text: 'Ein Frühstück im Bett, wann immer du willst.',
    };
    expect((await api('POST', 'order/send-buyer-voucher-pdf', { token: stranger.token, body })).status).toBe(404);
    const sent = await api('POST', 'order/send-buyer-voucher-pdf', { token: giver.token, body });
    expect(sent, JSON.stringify(sent.body)).toMatchObject({ status: 200, body: { message: TRANSFER_TEXT.mailSent } });

    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(recipient.email));
    expect(mail?.subject).toBe('Für dich');
    expect(mail?.attachments).toHaveLength(1);
    expect(Buffer.from(mail!.attachments![0]!.content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const code = /\/buyer-voucher\/transfer\/([A-Za-z0-9_-]{22})/.exec(mail?.body.text ?? '')?.[1];
    expect(code).toBe((await buyerVouchers().get(id))?.transfer_code);
    expect((await receive(recipient, code!)).status).toBe(200);
    expect(await buyerVouchers().get(id)).toMatchObject({ owner_user_id: recipient.userId });
  });
});
