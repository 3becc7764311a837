import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherSchema } from '@gm/shared/catalogue/contracts';
import {
  EMPLOYEE_VOUCHER_TEXT,
  employeeQrUrl,
  employeeVoucherPageSchema,
  employeeWalletSchema,
} from '@gm/shared/tourism/employee-vouchers';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import {
  createEmployee,
  createPartner,
  createTestCategory,
  createTourismAccount,
  putEmployeeVoucher,
  type Employee,
  type Partner,
  type TourismAccount,
} from '../../../../scripts/test/tourism-fixtures.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

const raw = async (key: { PK: string; SK: string }) =>
  (await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: key, ConsistentRead: true }))).Item;

let tourismA: TourismAccount;
let tourismB: TourismAccount;
let partnerA: Partner;
let partnerB: Partner;
let employeeA: Employee;
let employeeB: Employee;
let plainSeller: TestAccount;
let buyer: TestAccount;
let admin: TestAccount;
let category: { id: string; name: string; slug: string };

const APP = 'http://localhost:5173';

function builderForm(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Team-Frühstück',
    description: 'Frühstück für Mitarbeiter',
    long_description: 'Ein Frühstück für alle Mitarbeiter unserer Partnerbetriebe.',
    type: 'quantity',
    qty_val: 4900,
    min: 1,
    max: 10,
    voucher_category_id: category.id,
    target: 'Paare',
    season: 'Immer',
    tax: [{ tax: 20 }],
    validity_reason: 'Preise und Leistungen sind saisonal kalkuliert',
    background_color: '#000000',
    expiry_date: 4,
    is_tourism: true,
    employee_value: '1+1 gratis',
    ...overrides,
  };
}

beforeAll(async () => {
  [tourismA, tourismB, plainSeller, buyer, admin] = await Promise.all([
    createTourismAccount(),
    createTourismAccount(),
    createTestAccount('seller'),
    createTestAccount('user'),
    createTestAccount('admin'),
  ]);
  [partnerA, partnerB] = await Promise.all([createPartner(tourismA.userId), createPartner(tourismB.userId)]);
  [employeeA, employeeB] = await Promise.all([
    createEmployee(tourismA.userId, partnerA.userId),
    createEmployee(tourismB.userId, partnerB.userId),
  ]);
  category = await createTestCategory();
});

describe('builder tourism mode (POST voucher with is_tourism)', () => {
  it('a partner creates an employee voucher: value, 10 years, tax unsure, default styling, no catalogue entry, GSI2 and claim item', async () => {
    const res = await api('POST', 'voucher', { token: partnerA.token, body: builderForm() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const voucher = voucherSchema.parse(res.body);
    expect(voucher).toMatchObject({
      is_tourism: true,
      type: 'value',
      tax: 'unsure',
      expiry_date: 10,
      employee_value: '1+1 gratis',
      background_image: null,
      price_filter: 0,
    });
    expect(voucher.styling.background_color).not.toBe('#000000');
    const item = await raw({ PK: `VOUCHER#${voucher.id}`, SK: 'VOUCHER' });
    expect(item).toMatchObject({
      GSI2PK: `TOURISM#${tourismA.userId}#EMPLOYEE_VOUCHERS`,
      tourism_id: tourismA.userId,
    });
    expect(item?.employee_claim_no).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await raw({ PK: `UNIQUE#EMPLOYEE_CLAIM_NO#${item?.employee_claim_no}`, SK: 'UNIQUE' })).toMatchObject({
      voucher_id: voucher.id,
    });
    expect(await raw({ PK: 'CATALOGUE', SK: `VOUCHER#${voucher.id}` })).toBeUndefined();
    // Not on the main site's catalogue nor its search.
    const list = await api('GET', 'voucher?paginate=100');
    expect(JSON.stringify(list.body)).not.toContain(voucher.id);
    expect((await api('GET', `voucher/${voucher.id}`)).status).toBe(404);
    expect((await api('GET', `voucher/${voucher.id}`, { token: employeeB.token })).status).toBe(404);
    expect((await api('GET', `voucher/${voucher.id}`, { token: partnerA.token })).status).toBe(200);
    const search = await api('POST', 'voucher/search', { body: { keyword: 'Team-Frühstück' } });
    expect(JSON.stringify(search.body)).not.toContain(voucher.id);
  });

  it('employee_value is required; a non-partner is refused (403); a normal voucher stays non-tourism', async () => {
    const missing = await api('POST', 'voucher', { token: partnerA.token, body: builderForm({ employee_value: '' }) });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.employee_value).toBeDefined();
    const refused = await api('POST', 'voucher', { token: plainSeller.token, body: builderForm() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EMPLOYEE_VOUCHER_TEXT.onlyPartners);
    const normal = await api('POST', 'voucher', {
      token: partnerA.token,
      body: builderForm({ is_tourism: false, employee_value: null }),
    });
    expect(normal.status, JSON.stringify(normal.body)).toBe(201);
    expect(normal.body).toMatchObject({ is_tourism: false, type: 'quantity' });
  });

  it('tourism vouchers cannot be deleted (422)', async () => {
    const voucher = await putEmployeeVoucher(partnerA);
    const res = await api('DELETE', `voucher/${voucher.id}`, { token: partnerA.token });
    expect(res.status).toBe(422);
  });
});

describe('/tourism/employee-vouchers', () => {
  it('lists only the tourism account’s own, with keyword and paging of 10', async () => {
    const mine = await putEmployeeVoucher(partnerA, { title: 'Sauna Zuckerl' });
    const theirs = await putEmployeeVoucher(partnerB, { title: 'Sauna Fremd' });
    const res = await api('GET', 'employee-voucher/all?keyword=sauna', { token: tourismA.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = employeeVoucherPageSchema.parse(res.body);
    expect(page.per_page).toBe(10);
    const ids = page.data.map((row) => row.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(page.data.find((row) => row.id === mine.id)?.seller.company?.name).toBe(partnerA.companyName);
    const all = await api('GET', 'employee-voucher/all?keyword=sauna&pagination=100', { token: admin.token });
    expect(all.body.data.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    // Not a tourism account: nothing (no employee voucher carries its id as tourism_id).
    for (const other of [plainSeller, partnerA]) {
      const none = await api('GET', 'employee-voucher/all', { token: other.token });
      expect(none.status).toBe(200);
      expect(none.body.total).toBe(0);
    }
    expect(
      (await api('PUT', `employee-voucher/value/${mine.id}`, { token: partnerA.token, body: { value: 'x' } })).status,
    ).toBe(404);
  });

  it('edits the value and toggles the status of its own only', async () => {
    const voucher = await putEmployeeVoucher(partnerA);
    const other = await putEmployeeVoucher(partnerB);
    const value = await api('PUT', `employee-voucher/value/${voucher.id}`, {
      token: tourismA.token,
      body: { id: voucher.id, value: '2 für 1' },
    });
    expect(value.status, JSON.stringify(value.body)).toBe(200);
    expect(value.body.data.employee_value).toBe('2 für 1');
    expect(
      (await api('PUT', `employee-voucher/value/${other.id}`, { token: tourismA.token, body: { value: 'x' } })).status,
    ).toBe(404);
    const off = await api('PUT', `employee-voucher/status/${voucher.id}`, {
      token: tourismA.token,
      body: { status: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: EMPLOYEE_VOUCHER_TEXT.deactivated, data: { is_active: false } });
    expect(
      (await api('PUT', `employee-voucher/status/${other.id}`, { token: tourismA.token, body: { status: false } }))
        .status,
    ).toBe(404);
    // The wallet no longer shows it.
    const wallet = await api('GET', 'employee-voucher/wallet', { token: employeeA.token });
    expect(wallet.body.data.map((v: { id: string }) => v.id)).not.toContain(voucher.id);
  });
});

describe('employee wallet and redemption', () => {
  it('an employee sees the active employee vouchers of its tourism account only, filtered by category', async () => {
    const mine = await putEmployeeVoucher(partnerA, {
      voucher_category_id: category.id,
      category: { id: category.id, name: category.name, slug: category.slug },
    });
    const theirs = await putEmployeeVoucher(partnerB);
    const res = await api('GET', 'employee-voucher/wallet', { token: employeeA.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const wallet = employeeWalletSchema.parse(res.body);
    expect(wallet.claim_no).toBe(employeeA.claimNo);
    const ids = wallet.data.map((v) => v.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const otherWallet = await api('GET', 'employee-voucher/wallet', { token: employeeB.token });
    expect(otherWallet.body.data.map((v: { id: string }) => v.id)).not.toContain(mine.id);
    const filtered = await api('GET', `employee-voucher/wallet?category=${category.slug}`, { token: employeeA.token });
    const inCategory = employeeWalletSchema.parse(filtered.body).data;
    expect(inCategory.map((v) => v.id)).toContain(mine.id);
    expect(inCategory.every((v) => v.voucher_category_id === category.id)).toBe(true);
    expect(inCategory.map((v) => v.id)).not.toContain(theirs.id);
    // A plain buyer has an empty employee wallet and cannot redeem.
    const none = await api('GET', 'employee-voucher/wallet', { token: buyer.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const redeem = await api('POST', 'employee-voucher/manual-redeem', {
      token: buyer.token,
      body: { id: mine.id, employee_value: '1+1 gratis' },
    });
    expect(redeem.status).toBe(404);
  });

  it('manual redeem once; another tourism account’s employee cannot; a changed value is refused', async () => {
    const voucher = await putEmployeeVoucher(partnerA);
    const foreign = await api('POST', 'employee-voucher/manual-redeem', {
      token: employeeB.token,
      body: { id: voucher.id, employee_value: '1+1 gratis' },
    });
    expect(foreign.status).toBe(404);
    const stale = await api('POST', 'employee-voucher/manual-redeem', {
      token: employeeA.token,
      body: { id: voucher.id, employee_value: 'alt' },
    });
    expect(stale.status).toBe(422);
    const first = await api('POST', 'employee-voucher/manual-redeem', {
      token: employeeA.token,
      body: { id: voucher.id, employee_value: '1+1 gratis' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'employee', channel: 'manual', employee_user_id: employeeA.userId });
    const again = await api('POST', 'employee-voucher/manual-redeem', {
      token: employeeA.token,
      body: { id: voucher.id, employee_value: '1+1 gratis' },
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(EMPLOYEE_VOUCHER_TEXT.alreadyRedeemed);
    const wallet = employeeWalletSchema.parse(
      (await api('GET', 'employee-voucher/wallet', { token: employeeA.token })).body,
    );
    expect(wallet.data.find((v) => v.id === voucher.id)?.redeemed).toBe(true);
  });

  it('scanning the employee QR redeems at once, only by the voucher’s partner or its scanners', async () => {
    const voucher = await putEmployeeVoucher(partnerA);
    const url = employeeQrUrl(APP, voucher.employee_claim_no, employeeA.claimNo);
    const wrongSeller = await api('POST', 'qr-code/scan', { token: partnerB.token, body: { url } });
    expect(wrongSeller.status).toBe(404);
    const scanner = await createTestAccount('scanner', { seller_id: partnerA.userId });
    const res = await api('POST', 'qr-code/scan', { token: scanner.token, body: { url } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'employee-voucher',
      redemption: { kind: 'employee', channel: 'scan', voucher_id: voucher.id },
    });
    const again = await api('POST', 'qr-code/scan', { token: partnerA.token, body: { url } });
    expect(again.status).toBe(422);
    // An employee of another tourism account with this voucher's claim number: unknown.
    const foreign = employeeQrUrl(APP, voucher.employee_claim_no, employeeB.claimNo);
    expect((await api('POST', 'qr-code/scan', { token: partnerA.token, body: { url: foreign } })).status).toBe(404);
  });

  it('20 concurrent redeems of one employee and one voucher → exactly one redemption, one stats count', async () => {
    const voucher = await putEmployeeVoucher(partnerA);
    await aggregatesCaughtUp();
    const before = await raw({ PK: `SELLER#${partnerA.userId}#STATS`, SK: 'TOTAL' });
    const url = employeeQrUrl(APP, voucher.employee_claim_no, employeeA.claimNo);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? api('POST', 'employee-voucher/manual-redeem', {
              token: employeeA.token,
              body: { id: voucher.id, employee_value: '1+1 gratis' },
            })
          : api('POST', 'qr-code/scan', { token: partnerA.token, body: { url } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    await aggregatesCaughtUp();
    const after = await raw({ PK: `SELLER#${partnerA.userId}#STATS`, SK: 'TOTAL' });
    expect(Number(after?.employee_redemption_count ?? 0) - Number(before?.employee_redemption_count ?? 0)).toBe(1);
    const csv = await api('GET', 'employee-voucher/redemptions-csv', { token: tourismA.token });
    expect(csv.status).toBe(200);
    expect(String(csv.body).split(voucher.title)).toHaveLength(2);
    // The other tourism account's CSV does not hold it.
    const otherCsv = await api('GET', 'employee-voucher/redemptions-csv', { token: tourismB.token });
    expect(String(otherCsv.body)).not.toContain(voucher.title);
  });
});

describe('employees have neither cart nor wish list', () => {
  it('refuses cart and wishlist writes for employees', async () => {
    const cart = await api('POST', 'order', {
      token: employeeA.token,
      body: { voucher_id: 'x', qty: 1 },
    });
    expect(cart.status).toBe(403);
    const wish = await api('POST', 'user-voucher-wishlist', {
      token: employeeA.token,
      body: { user_id: employeeA.userId, voucher_id: 'x' },
    });
    expect(wish.status).toBe(403);
    const me = await api('GET', `user/${employeeA.userId}`, { token: employeeA.token });
    expect(me.body.is_employee ?? me.body.user?.is_employee ?? me.body.data?.is_employee).toBe(true);
  });
});
