import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_VOUCHER_TEXT } from '@gm/shared/wallet/buyer-voucher';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { buyerVouchers } from '../../lib/deps.ts';

let buyer: TestAccount;
let other: TestAccount;

const save = (account: TestAccount, id: string, body: Record<string, unknown>) =>
  api('POST', `buyer-voucher/${id}`, { token: account.token, body });
const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Frühstück im Bett',
  description: 'Ein Sonntag, an dem du nichts tun musst.',
  from: 'Anna',
  background: 'default',
  text_color: '#1f2a2c',
  note: 'Alles Liebe',
  version: 0,
  ...overrides,
});

beforeAll(async () => {
  buyer = await createTestAccount('user');
  other = await createTestAccount('user');
});

describe('buyer-designed vouchers', () => {
  it('creates with version 0, lists newest first, reads and updates with the loaded version', async () => {
    const first = randomUUID();
    const second = randomUUID();
    const created = await save(buyer, first, form());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      id: first,
      from: 'Anna',
      voucher: { type: 'buyer', title: 'Frühstück im Bett', description: 'Ein Sonntag, an dem du nichts tun musst.' },
      personalisation: { note: 'Alles Liebe', price_hidden: true, text_color: '#1f2a2c' },
      is_creator: true,
      version: 1,
    });
    expect((await save(buyer, second, form({ title: 'Kinoabend' }))).status).toBe(200);

    const list = await api('GET', 'buyer-voucher', { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, per_page: 9, current_page: 1, next_page_url: null });
    expect(list.body.data.map((v: { id: string }) => v.id)).toEqual([second, first]);

    const updated = await save(buyer, first, form({ title: 'Frühstück am See', version: 1 }));
    expect(updated.body.data).toMatchObject({ version: 2, voucher: { title: 'Frühstück am See' } });
    expect((await api('GET', `buyer-voucher/${first}`, { token: buyer.token })).body.data).toMatchObject({
      version: 2,
      voucher: { title: 'Frühstück am See' },
    });
    // Creating again under the same id is a conflict, not an overwrite.
    expect((await save(buyer, first, form())).status).toBe(409);
  });

  it('another buyer can neither read, list nor change it (404) and nothing changes', async () => {
    const id = randomUUID();
    await save(buyer, id, form());
    expect((await api('GET', `buyer-voucher/${id}`, { token: other.token })).status).toBe(404);
    const change = await save(other, id, form({ title: 'Gekapert', version: 1 }));
    expect(change.status).toBe(404);
    expect(change.body.message).toBe(BUYER_VOUCHER_TEXT.notFound);
    expect((await save(other, id, form({ title: 'Gekapert' }))).status).toBe(404);
    expect(
      (await api('GET', 'buyer-voucher', { token: other.token })).body.data.map((v: { id: string }) => v.id),
    ).not.toContain(id);
    expect(await buyerVouchers().get(id)).toMatchObject({
      title: 'Frühstück im Bett',
      owner_user_id: buyer.userId,
      version: 1,
    });
  });

  it('validates in German: title required, note ≤ 120', async () => {
    const answer = await save(buyer, randomUUID(), form({ title: '  ', note: 'y'.repeat(121) }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.title).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(answer.body.errors.note).toEqual(['Es dürfen maximal 120 Zeichen verwendet werden.']);
  });

  it('two updates of the same version: one wins, the other answers 409', async () => {
    const id = randomUUID();
    await save(buyer, id, form());
    const answers = await Promise.all(['A', 'B'].map((title) => save(buyer, id, form({ title, version: 1 }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.voucher.title;
    expect(await buyerVouchers().get(id)).toMatchObject({ title: winner, version: 2 });
  });

  it('downloads as a PDF for its owner only', async () => {
    const id = randomUUID();
    await save(buyer, id, form());
    const pdf = await api('POST', 'order/download-buyer-voucher', { token: buyer.token, body: { id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
    expect((await api('POST', 'order/download-buyer-voucher', { token: other.token, body: { id } })).status).toBe(404);
  });
});
