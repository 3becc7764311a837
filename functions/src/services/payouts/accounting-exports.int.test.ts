import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_TEXT } from '@gm/shared/payouts/accounting';
import { BMD_COLUMNS } from '@gm/shared/payouts/bmd-csv';
import { checkExtf, parseExtfLine } from '@gm/shared/payouts/datev-extf-check';
import { decodeWindows1252 } from '@gm/shared/payouts/datev-extf';
import { OUTSTANDING_CSV_HEADER, OUTSTANDING_TOTAL_LABEL } from '@gm/shared/payouts/outstanding-vouchers';
import { MSG } from '@gm/shared/validation/messages';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import {
  cancellationItem,
  fixtureTag,
  orderItem,
  putItems,
  redemptionItem,
  sellerInvoiceItem,
  userVoucherItem,
} from '../../../../scripts/test/accounting-fixtures.ts';
import { api } from '../../../../scripts/test/api.ts';
import { downloadExport } from '../../../../scripts/test/export-link.ts';
import { csvMoney } from '../export-writers.ts';

/**
 * Accounting exports (issue 12) against DynamoDB Local and s3rver: a fixed scenario of one seller in
 * March 2014 (sales, a direct sale, two Stornorechnungen — one before, one after invoicing — and two
 * seller invoices whose payouts fall in March), exported as DATEV and BMD by the seller and the
 * admin; the outstanding-voucher report against a ledger computed here on its own.
 */
let seller: TestAccount;
let other: TestAccount;
let admin: TestAccount;
const tag = fixtureTag();
const no = (prefix: string, n: number) => `${prefix}-${tag}-${n}`;
const MARCH = { from: '2014-03-01', to: '2014-03-31' };

/** [amount, Konto, Gegenkonto, Belegdatum, Belegfeld 1] of each booking line of a DATEV file. */
function datevRows(bytes: Uint8Array) {
  const text = decodeWindows1252(bytes);
  expect(checkExtf(text)).toEqual([]);
  return text
    .split('\r\n')
    .slice(2, -1)
    .map((line) => {
      const f = parseExtfLine(line).map((c) => c.value);
      return [f[0], f[6], f[7], f[9], f[10]];
    });
}

/** A ;-separated UTF-8 CSV (BOM) as rows. */
const csvRows = (bytes: Uint8Array) =>
  new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));

beforeAll(async () => {
  [seller, other, admin] = await Promise.all([
    createTestAccount('seller'),
    createTestAccount('seller'),
    createTestAccount('admin'),
  ]);
  const s = seller.userId;
  const o0 = orderItem({
    sellerId: s,
    orderNo: no('GM', 0),
    invoiceNo: no('RE', 0),
    completedAt: '2014-02-20T10:00:00.000Z',
    amount: 3_000,
    commission: 300,
    fee: 50,
  });
  const o1 = orderItem({
    sellerId: s,
    orderNo: no('GM', 1),
    invoiceNo: no('RE', 1),
    completedAt: '2014-03-03T10:00:00.000Z',
    amount: 10_000,
    commission: 1_000,
    fee: 150,
  });
  const o2 = orderItem({
    sellerId: s,
    orderNo: no('GM', 2),
    invoiceNo: no('RE', 2),
    completedAt: '2014-03-04T10:00:00.000Z',
    amount: 5_000,
    commission: 500,
    fee: 100,
  });
  const o3 = orderItem({
    sellerId: s,
    orderNo: no('GM', 3),
    invoiceNo: null,
    completedAt: '2014-03-05T10:00:00.000Z',
    amount: 2_000,
    commission: 0,
    fee: 0,
    direct: true,
  });
  const o4 = orderItem({
    sellerId: s,
    orderNo: no('GM', 4),
    invoiceNo: no('RE', 4),
    completedAt: '2014-04-01T10:00:00.000Z',
    amount: 7_000,
    commission: 700,
    fee: 100,
  });
  // The voucher ledger: V1 100 € (30 € redeemed in March, 20 € in May), V2 50 € reversed in March,
  // V3 40 € expired end of February, V4 20 € (5 € redeemed in March, revoked in April), V5 10 € in June.
  const v1 = userVoucherItem({
    sellerId: s,
    createdAt: '2014-03-03T10:00:00.000Z',
    validUntil: '2017-03-03',
    remaining: 5_000,
  });
  const v2 = userVoucherItem({
    sellerId: s,
    createdAt: '2014-03-04T10:00:00.000Z',
    validUntil: '2017-03-04',
    remaining: 5_000,
    status: 'reversed',
    reversedAt: '2014-03-10T10:00:00.000Z',
  });
  const v3 = userVoucherItem({
    sellerId: s,
    createdAt: '2014-01-10T10:00:00.000Z',
    validUntil: '2014-02-28',
    remaining: 4_000,
  });
  const v4 = userVoucherItem({
    sellerId: s,
    createdAt: '2014-03-05T10:00:00.000Z',
    validUntil: '2017-03-05',
    remaining: 2_000,
  });
  const v5 = userVoucherItem({
    sellerId: s,
    createdAt: '2014-06-01T10:00:00.000Z',
    validUntil: '2017-06-01',
    remaining: 1_000,
  });
  await putItems([
    o0,
    o1,
    o2,
    o3,
    o4,
    cancellationItem({
      sellerId: s,
      invoiceNo: no('ST', 1),
      cancels: no('RE', 2),
      order: o2,
      issuedAt: '2014-03-10T10:00:00.000Z',
      refund: 5_000,
    }),
    cancellationItem({
      sellerId: s,
      invoiceNo: no('ST', 2),
      cancels: no('RE', 0),
      order: o0,
      issuedAt: '2014-03-12T10:00:00.000Z',
      refund: 3_000,
    }),
    sellerInvoiceItem({
      sellerId: s,
      invoiceNo: no('PR', 0),
      issuedAt: '2014-02-28T06:00:00.000Z',
      commission: 300,
      commissionVat: 60,
      fees: 50,
      payout: 2_590,
      transferStatus: 'completed',
      paidAt: '2014-03-02T09:00:00.000Z',
    }),
    sellerInvoiceItem({
      sellerId: s,
      invoiceNo: no('PR', 1),
      issuedAt: '2014-03-15T06:00:00.000Z',
      commission: 1_500,
      commissionVat: 300,
      fees: 250,
      payout: 8_550,
      transferStatus: 'paid',
      paidAt: '2014-03-15T06:01:00.000Z',
    }),
    v1,
    v2,
    v3,
    v4,
    v5,
    redemptionItem({ sellerId: s, userVoucherId: v1.id, value: 3_000, at: '2014-03-20T10:00:00.000Z' }),
    redemptionItem({ sellerId: s, userVoucherId: v1.id, value: 2_000, at: '2014-05-01T10:00:00.000Z' }),
    redemptionItem({
      sellerId: s,
      userVoucherId: v4.id,
      value: 500,
      at: '2014-03-06T10:00:00.000Z',
      revokedAt: '2014-04-02T10:00:00.000Z',
    }),
  ]);
}, 60_000);

describe('accounting exports', () => {
  it("a seller downloads their own books as DATEV: the file validates and holds the scenario's bookings", async () => {
    const file = await downloadExport(seller.token, 'accounting/datev', { ...MARCH, chart: 'SKR03' });
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.link!.filename).toBe('EXTF_Buchungsstapel_2014-03-01_2014-03-31.csv');
    expect(file.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(datevRows(file.bytes)).toEqual([
      ['25,90', '1200', '1500', '0203', no('PR', 0)],
      ['100,00', '1500', '8200', '0303', no('RE', 1)],
      ['50,00', '1500', '8200', '0403', no('RE', 2)],
      ['20,00', '1000', '8200', '0503', no('GM', 3)],
      ['50,00', '8200', '1500', '1003', no('ST', 1)],
      ['6,00', '1500', '4760', '1003', no('ST', 1)],
      ['30,00', '8200', '1500', '1203', no('ST', 2)],
      ['3,50', '1500', '4760', '1203', no('ST', 2)],
      ['15,00', '4760', '1500', '1503', no('PR', 1)],
      ['3,00', '1570', '1500', '1503', no('PR', 1)],
      ['2,50', '4970', '1500', '1503', no('PR', 1)],
      ['85,50', '1200', '1500', '1503', no('PR', 1)],
    ]);
    const header = parseExtfLine(decodeWindows1252(file.bytes).split('\r\n')[0]!).map((c) => c.value);
    expect(header.slice(10, 16)).toEqual(['1001', '1', '20140101', '4', '20140301', '20140331']);
    expect(header[26]).toBe('03');
  });

  it("the admin's platform books: SKR04, with the accountant's numbers; the liability is what the seller owes back", async () => {
    const file = await downloadExport(admin.token, 'accounting/datev', {
      from: '2014-02-01',
      to: '2014-03-31',
      chart: 'SKR04',
      seller_id: seller.userId,
      consultant_no: 4711,
      client_no: 42,
    });
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    const rows = datevRows(file.bytes);
    // No direct sale in the platform's books; every booking is on the seller liability 3500.
    expect(rows.some((r) => r[4] === no('GM', 3))).toBe(false);
    let liability = 0;
    for (const [amount, debit, credit] of rows) {
      const cents = Number(amount!.replace(',', ''));
      if (debit === '3500') liability += cents;
      if (credit === '3500') liability -= cents;
    }
    // Order 0 was paid out in full and reversed afterwards: its seller share 26,50 is owed back (next invoice).
    expect(liability).toBe(2_650);
    const header = parseExtfLine(decodeWindows1252(file.bytes).split('\r\n')[0]!).map((c) => c.value);
    expect(header.slice(10, 14)).toEqual(['4711', '42', '20140101', '4']);
    expect(header[26]).toBe('04');

    // All sellers: the seller's bookings are among them.
    const all = await downloadExport(admin.token, 'accounting/datev', { ...MARCH, chart: 'SKR04' });
    expect(all.status).toBe(200);
    expect(datevRows(all.bytes).filter((r) => r[4]!.includes(tag))).toHaveLength(
      rows.filter((r) => r[3]!.endsWith('03') && r[4]!.includes(tag)).length,
    );
  });

  it('BMD: the same bookings, one line each', async () => {
    const file = await downloadExport(seller.token, 'accounting/bmd', { ...MARCH, chart: 'SKR03' });
    expect(file.status).toBe(200);
    const lines = decodeWindows1252(file.bytes).split('\r\n');
    expect(lines[0]).toBe(BMD_COLUMNS.join(';'));
    expect(lines.slice(1, -1)).toHaveLength(12);
    expect(lines[2]).toMatch(
      new RegExp(`^0;1500;8200;2;${no('RE', 1)};03\\.03\\.2014;03\\.03\\.2014;SO;1;0;0;100,00;0,00;`),
    );
  });

  it("a seller can't export another seller's data; bad ranges are refused", async () => {
    for (const path of ['accounting/datev', 'accounting/bmd']) {
      const foreign = await api('POST', path, { token: other.token, body: { ...MARCH, seller_id: seller.userId } });
      expect(foreign.status).toBe(403);
      const own = await api('POST', path, { token: other.token, body: MARCH });
      expect(own).toMatchObject({ status: 404, body: { message: ACCOUNTING_TEXT.noBookings } });
    }
    const foreign = await api('POST', 'accounting/outstanding-vouchers', {
      token: other.token,
      body: { at: '2014-03-31', seller_id: seller.userId },
    });
    expect(foreign.status).toBe(403);
    const reversed = await api('POST', 'accounting/datev', {
      token: seller.token,
      body: { from: '2014-03-02', to: '2014-03-01' },
    });
    expect(reversed).toMatchObject({ status: 422, body: { errors: { to: [MSG.invalidDate] } } });
    const years = await api('POST', 'accounting/datev', {
      token: seller.token,
      body: { from: '2013-12-01', to: '2014-01-31' },
    });
    expect(years).toMatchObject({ status: 422, body: { errors: { to: [ACCOUNTING_TEXT.sameYear] } } });
    expect((await api('POST', 'accounting/datev', { body: MARCH })).status).toBe(401);
  });

  it('the outstanding vouchers at a day equal Σ sold − Σ redeemed − Σ reversed − Σ expired', async () => {
    // The ledger of the scenario, written down on its own: [day, sold, redeemed, reversed, expired].
    const ledger: [string, number, number, number, number][] = [
      ['2014-01-10', 4_000, 0, 0, 0],
      ['2014-03-01', 0, 0, 0, 4_000],
      ['2014-03-03', 10_000, 0, 0, 0],
      ['2014-03-04', 5_000, 0, 0, 0],
      ['2014-03-05', 2_000, 0, 0, 0],
      ['2014-03-06', 0, 500, 0, 0],
      ['2014-03-10', 0, 0, 5_000, 0],
      ['2014-03-20', 0, 3_000, 0, 0],
      ['2014-04-02', 0, -500, 0, 0],
      ['2014-05-01', 0, 2_000, 0, 0],
      ['2014-06-01', 1_000, 0, 0, 0],
    ];
    const expected = (at: string) =>
      ledger.filter(([day]) => day <= at).reduce((sum, [, sold, red, rev, exp]) => sum + sold - red - rev - exp, 0);

    for (const at of ['2014-02-28', '2014-03-05', '2014-03-31', '2014-04-30', '2014-12-31']) {
      const file = await downloadExport(seller.token, 'accounting/outstanding-vouchers', { at });
      expect(file.status, JSON.stringify(file.body)).toBe(200);
      const [head, ...rows] = csvRows(file.bytes);
      expect(head).toEqual([...OUTSTANDING_CSV_HEADER]);
      expect(rows).toHaveLength(1);
      expect(rows[0]![1]).toBe(seller.userId);
      expect(rows[0]![8], at).toBe(csvMoney(expected(at)));
    }
    const march = csvRows(
      (await downloadExport(seller.token, 'accounting/outstanding-vouchers', { at: '2014-03-31' })).bytes,
    )[1]!;
    expect(march.slice(3)).toEqual(['4', '210,00', '35,00', '50,00', '40,00', '85,00', '2']);

    // The admin's report over every seller: the platform's sum is the sum of the rows, and the seller's row is theirs.
    const all = await downloadExport(admin.token, 'accounting/outstanding-vouchers', { at: '2014-03-31' });
    expect(all.status).toBe(200);
    const [, ...rows] = csvRows(all.bytes);
    const total = rows.at(-1)!;
    expect(total[0]).toBe(OUTSTANDING_TOTAL_LABEL);
    expect(rows.find((r) => r[1] === seller.userId)).toEqual(march);
    const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    for (const column of [4, 5, 6, 7, 8])
      expect(csvMoney(rows.slice(0, -1).reduce((sum, r) => sum + cents(r[column]!), 0))).toBe(total[column]);
  });
});
