import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { appUrl, userVouchers } from '../../lib/deps.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import { newVoucherCode, voucherQrUrl } from '../orders/voucher-code.ts';

/**
 * Share link and transfer end to end (01 §2 "Share as link", "Receiving a gift"; docs/data-model.md
 * §4.5 "Create share link", "Receive"): the real handlers behind the local API and DynamoDB Local.
 */

/** Issues a user voucher into `owner`'s wallet through the repository's own completion parts. */
async function issueTestUserVoucher(
  owner: TestAccount | null,
  overrides: Partial<UserVoucherRecord> = {},
): Promise<UserVoucherRecord> {
  const sellerId = `seller-${randomUUID().slice(0, 8)}`;
  const voucher = testVoucher(`v-${randomUUID()}`, sellerId);
  const code = newVoucherCode();
  const now = new Date().toISOString();
  const record: UserVoucherRecord = {
    id: randomUUID(),
    code,
    qr: voucherQrUrl(appUrl(), code),
    order_id: randomUUID(),
    order_no: 'GM-2026-000001',
    voucher_id: voucher.id,
    seller_id: sellerId,
    voucher: toVoucherCard(voucher),
    type: 'quantity',
    qty: 1,
    value: null,
    remaining_qty: 1,
    remaining_value: 4900,
    valid_until: `${new Date().getFullYear() + 2}-12-31`,
    ...(owner ? { owner_user_id: owner.userId } : {}),
    status: 'active',
    sent_via: null,
    acquired_at: now,
    created_at: now,
    version: 1,
    ...overrides,
  };
  await documentClient().send(new TransactWriteCommand({ TransactItems: userVouchers().issueParts(record) }));
  return record;
}

async function rawItem(PK: string, SK: string) {
  return (
    await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: { PK, SK }, ConsistentRead: true }))
  ).Item;
}

const createLink = (who: TestAccount, id: string) =>
  api('POST', 'transfer-url', { token: who.token, body: { order_id: id } });
const receive = (who: TestAccount, code: string, key: string = randomUUID()) =>
  api('POST', 'transfer', { token: who.token, body: { id: code }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

describe('share link (POST transfer-url)', () => {
  it('gives the owner a 128-bit link; a new link replaces the old one', async () => {
    const giver = await createTestAccount('user');
    const uv = await issueTestUserVoucher(giver);

    const first = await createLink(giver, uv.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const code = first.body.data.transfer_url.url_code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.body.data.transfer_url.url).toBe(`${appUrl().replace(/\/+$/, '')}/ein-liebevolles-geschenk/${code}`);
    expect((await userVouchers().get(uv.id))?.transfer_code).toBe(code);
    const stored = await rawItem(`TRANSFER#${code}`, 'TRANSFER');
    expect(stored).toMatchObject({
      entity: 'Transfer',
      kind: 'user_voucher',
      target_id: uv.id,
      from_user_id: giver.userId,
    });
    expect(stored?.ttl).toBe(Math.floor(Date.parse(`${uv.valid_until}T23:59:59.000Z`) / 1000));

    const preview = await api('GET', `transfer/${code}`);
    expect(preview).toMatchObject({
      status: 200,
      body: { data: { kind: 'user_voucher', id: uv.id, title: uv.voucher.title } },
    });

    const second = await createLink(giver, uv.id);
    expect(second.status).toBe(200);
    const replaced = second.body.data.transfer_url.url_code as string;
    expect(replaced).not.toBe(code);
    expect(await rawItem(`TRANSFER#${code}`, 'TRANSFER')).toBeUndefined();
    expect((await api('GET', `transfer/${code}`)).body).toEqual({ message: TRANSFER_TEXT.linkInvalid });
    expect((await userVouchers().get(uv.id))?.transfer_code).toBe(replaced);
    // Opening a link does not change sent_via; only the transfer does.
    expect((await userVouchers().get(uv.id))?.sent_via).toBeNull();
  });

  it('refuses a link for someone else’s voucher (404) and for a redeemed one (422); nothing changes', async () => {
    const owner = await createTestAccount('user');
    const stranger = await createTestAccount('user');
    const uv = await issueTestUserVoucher(owner);
    const answer = await createLink(stranger, uv.id);
    expect(answer.status).toBe(404);
    expect(await userVouchers().get(uv.id)).toEqual(uv);

    const redeemed = await issueTestUserVoucher(owner, { status: 'redeemed', remaining_qty: 0 });
    const refused = await createLink(owner, redeemed.id);
    expect(refused).toMatchObject({ status: 422, body: { errors: { id: [TRANSFER_TEXT.notTransferable] } } });
    expect((await userVouchers().get(redeemed.id))?.transfer_code).toBeUndefined();

    expect((await api('POST', 'transfer-url', { token: owner.token, body: {} })).status).toBe(422);
    expect((await api('POST', 'transfer-url', { body: { order_id: uv.id } })).status).toBe(401);
  });
});

describe('receiving a gift (POST transfer)', () => {
  it('moves the voucher to the receiver and re-keys it: the giver’s code stops resolving, the new one resolves', async () => {
    const giver = await createTestAccount('user');
    const receiver = await createTestAccount('user');
    const uv = await issueTestUserVoucher(giver);
    const code = (await createLink(giver, uv.id)).body.data.transfer_url.url_code as string;

    const answer = await receive(receiver, code);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      message: TRANSFER_TEXT.received,
      data: { id: uv.id, title: uv.voucher.title, from_name: 'Test user' },
    });

    const after = await userVouchers().get(uv.id);
    expect(after).toMatchObject({
      owner_user_id: receiver.userId,
      sent_via: 'transferred',
      status: 'active',
      version: uv.version + 1,
    });
    expect(after?.transfer_code).toBeUndefined();
    expect(after?.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(after?.code).not.toBe(uv.code);
    expect(after?.qr).toBe(voucherQrUrl(appUrl(), after!.code));
    // The scanner resolves codes through CODE#: the old one is gone, the new one points at the voucher.
    expect(await userVouchers().getCode(uv.code)).toBeUndefined();
    expect(await userVouchers().getCode(after!.code)).toEqual({ user_voucher_id: uv.id, seller_id: uv.seller_id });
    expect(await rawItem(`TRANSFER#${code}`, 'TRANSFER')).toBeUndefined();
    // Wallets (GSI1): the receiver has it, the giver no longer.
    expect((await userVouchers().listByOwner({ userId: receiver.userId })).map((v) => v.id)).toEqual([uv.id]);
    expect((await userVouchers().listByOwner({ userId: giver.userId })).map((v) => v.id)).toEqual([]);

    // A second opener gets the server's message; nothing changes.
    const late = await createTestAccount('user');
    const again = await receive(late, code);
    expect(again).toMatchObject({ status: 404, body: { message: TRANSFER_TEXT.linkInvalid } });
    expect(await userVouchers().get(uv.id)).toEqual(after);
    // The giver cannot open a new link for it any more.
    expect((await createLink(giver, uv.id)).status).toBe(404);
  });

  it('at the scanner: the giver’s old QR is rejected after the transfer, the receiver’s new one is accepted', async () => {
    const seller = await createTestAccount('seller');
    const giver = await createTestAccount('user');
    const receiver = await createTestAccount('user');
    const uv = await issueTestUserVoucher(giver, { seller_id: seller.userId });
    expect((await api('POST', 'qr-code/scan', { token: seller.token, body: { url: uv.qr } })).body.data?.id).toBe(
      uv.id,
    );
    const code = (await createLink(giver, uv.id)).body.data.transfer_url.url_code as string;
    expect((await receive(receiver, code)).status).toBe(200);
    const after = (await userVouchers().get(uv.id))!;
    expect((await api('POST', 'qr-code/scan', { token: seller.token, body: { url: uv.qr } })).status).toBe(404);
    const fresh = await api('POST', 'qr-code/scan', { token: seller.token, body: { url: after.qr } });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.data).toMatchObject({ id: uv.id, status: 'active' });
  });

  it('lets exactly one of two racing receivers win; the other gets the message and nothing of theirs is written', async () => {
    for (let round = 0; round < 3; round++) {
      const giver = await createTestAccount('user');
      const [b, c] = await Promise.all([createTestAccount('user'), createTestAccount('user')]);
      const uv = await issueTestUserVoucher(giver);
      const code = (await createLink(giver, uv.id)).body.data.transfer_url.url_code as string;

      const answers = await Promise.all([receive(b, code), receive(c, code)]);
      const winners = answers.filter((a) => a.status === 200);
      const losers = answers.filter((a) => a.status !== 200);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect([404, 409]).toContain(losers[0]!.status);
      expect(losers[0]!.body).toEqual({ message: TRANSFER_TEXT.linkInvalid });

      const winner = answers[0]!.status === 200 ? b : c;
      const loser = winner === b ? c : b;
      const after = await userVouchers().get(uv.id);
      expect(after).toMatchObject({ owner_user_id: winner.userId, sent_via: 'transferred', version: uv.version + 1 });
      expect(await userVouchers().listByOwner({ userId: loser.userId })).toEqual([]);
      expect(await userVouchers().getCode(uv.code)).toBeUndefined();
      expect(await userVouchers().getCode(after!.code)).toEqual({ user_voucher_id: uv.id, seller_id: uv.seller_id });
    }
  });

  it('refuses the giver’s own link (422) and a link replaced meanwhile; nothing changes', async () => {
    const giver = await createTestAccount('user');
    const uv = await issueTestUserVoucher(giver);
    const code = (await createLink(giver, uv.id)).body.data.transfer_url.url_code as string;
    const before = await userVouchers().get(uv.id);

    const own = await receive(giver, code);
    expect(own).toMatchObject({ status: 422, body: { errors: { id: [TRANSFER_TEXT.ownLink] } } });
    expect(await userVouchers().get(uv.id)).toEqual(before);
    expect(await rawItem(`TRANSFER#${code}`, 'TRANSFER')).toBeDefined();

    // The giver shares a new link: the old one no longer works.
    await createLink(giver, uv.id);
    const receiver = await createTestAccount('user');
    expect(await receive(receiver, code)).toMatchObject({ status: 404, body: { message: TRANSFER_TEXT.linkInvalid } });
    expect((await userVouchers().get(uv.id))?.owner_user_id).toBe(giver.userId);
  });

  it('does not transfer a voucher redeemed after the link was shared', async () => {
    const giver = await createTestAccount('user');
    const uv = await issueTestUserVoucher(giver);
    const code = (await createLink(giver, uv.id)).body.data.transfer_url.url_code as string;
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: { PK: `USER_VOUCHER#${uv.id}`, SK: 'USER_VOUCHER' },
        UpdateExpression: 'SET #s = :r',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':r': 'redeemed' },
      }),
    );
    const receiver = await createTestAccount('user');
    expect(await receive(receiver, code)).toMatchObject({
      status: 422,
      body: { errors: { id: [TRANSFER_TEXT.notTransferable] } },
    });
    expect((await userVouchers().get(uv.id))?.owner_user_id).toBe(giver.userId);
    expect(await userVouchers().getCode(uv.code)).toEqual({ user_voucher_id: uv.id, seller_id: uv.seller_id });
  });

  it('answers a repeated request with the same Idempotency-Key with the first answer; needs a login and a key', async () => {
    const giver = await createTestAccount('user');
    const receiver = await createTestAccount('user');
    const uv = await issueTestUserVoucher(giver);
    const code = (await createLink(giver, uv.id)).body.data.transfer_url.url_code as string;
    const key = randomUUID();

    expect(
      (await api('POST', 'transfer', { body: { id: code }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })).status,
    ).toBe(401);
    expect((await api('POST', 'transfer', { token: receiver.token, body: { id: code } })).status).toBe(422);

    const first = await receive(receiver, code, key);
    expect(first.status).toBe(200);
    const owned = await userVouchers().get(uv.id);
    const repeat = await receive(receiver, code, key);
    expect(repeat).toEqual({ ...first, headers: repeat.headers });
    expect(await userVouchers().get(uv.id)).toEqual(owned);
  });

  it('answers unknown or malformed codes with 404 and the message', async () => {
    const receiver = await createTestAccount('user');
    expect(await api('GET', 'transfer/not-a-code')).toMatchObject({
      status: 404,
      body: { message: TRANSFER_TEXT.linkInvalid },
    });
    expect(await receive(receiver, 'AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({
      status: 404,
      body: { message: TRANSFER_TEXT.linkInvalid },
    });
    expect((await receive(receiver, 'short')).status).toBe(422);
  });
});
