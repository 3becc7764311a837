import { describe, expect, it } from 'vitest';
import { viennaDay } from '../dates/vienna-range.ts';
import {
  ACCOUNTING_CHARTS,
  accountBalance,
  accountingBookings,
  accountingExportSchema,
  type AccountingEvent,
} from './accounting.ts';
import { BMD_COLUMNS, bmdCsv } from './bmd-csv.ts';
import { checkExtf, parseExtfLine } from './datev-extf-check.ts';
import {
  datevExtf,
  decodeWindows1252,
  encodeWindows1252,
  EXTF_COLUMNS,
  extfTimestamp,
  type ExtfHeader,
} from './datev-extf.ts';
import { payoutLedger, sumPeriod } from './ledger.ts';

const day = (iso: string) => viennaDay(new Date(iso));
const seller = { seller_id: 's1', seller_name: 'Alpenhof "Sölden" GmbH' };

/**
 * The fixed scenario: two paid sales (A, and B just after midnight in Vienna), a direct sale C at
 * the seller's till, B reversed before invoicing, one commission invoice paid by Stripe, and a sale
 * in April (outside the March batch).
 */
const lineA = { gross: 10_000, commission: 1_000, processing_fee: 150, seller_net: 8_850, reversed_share: 0 };
const lineB = { gross: 5_000, commission: 500, processing_fee: 100, seller_net: 4_400, reversed_share: 4_400 };
const figures = payoutLedger(sumPeriod([lineA, lineB]));

const events: AccountingEvent[] = [
  {
    kind: 'sale',
    ...seller,
    order_no: 'GM-2026-000001',
    invoice_no: 'RE-2026-K7M3Q-000001',
    completed_at: '2026-03-02T09:00:00.000Z',
    paid: 10_000,
    direct: false,
  },
  {
    kind: 'sale',
    ...seller,
    order_no: 'GM-2026-000002',
    invoice_no: 'RE-2026-K7M3Q-000002',
    completed_at: '2026-03-03T23:30:00.000Z',
    paid: 5_000,
    direct: false,
  },
  {
    kind: 'sale',
    ...seller,
    order_no: 'GM-2026-000003',
    invoice_no: null,
    completed_at: '2026-03-05T10:00:00.000Z',
    paid: 2_000,
    direct: true,
  },
  {
    kind: 'reversal',
    ...seller,
    invoice_no: 'ST-2026-K7M3Q-000001',
    order_no: 'GM-2026-000002',
    issued_at: '2026-03-10T10:00:00.000Z',
    refund: 5_000,
    seller_share: 4_400,
    direct: false,
  },
  {
    kind: 'seller_invoice',
    ...seller,
    invoice_no: 'PR-2026-000001',
    issued_at: '2026-03-15T06:00:00.000Z',
    commission: figures.commission,
    commission_vat: figures.commission_vat,
    processing_fees: figures.processing_fees,
    payout: figures.payout,
    paid_at: '2026-03-15T06:01:00.000Z',
    paid_by: 'stripe',
  },
  {
    kind: 'sale',
    ...seller,
    order_no: 'GM-2026-000004',
    invoice_no: 'RE-2026-K7M3Q-000004',
    completed_at: '2026-04-01T10:00:00.000Z',
    paid: 7_000,
    direct: false,
  },
];
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

const header: ExtfHeader = {
  created: new Date('2026-04-02T08:15:30.123Z'),
  consultant: 1001,
  client: 1,
  fiscalYearStart: '2026-01-01',
  accountLength: 4,
  from: MARCH.from,
  to: MARCH.to,
  label: 'Gutscheinmarkt Plattform 2026-03',
  chart: '03',
};

/** A booking line: the 14 leading fields, Festschreibung 0 in field 114, 125 fields in all. */
const line = (...first14: string[]) => {
  const fields = [...first14, ...new Array<string>(125 - first14.length).fill('')];
  fields[113] = '0';
  return fields.join(';');
};

describe('accounting bookings', () => {
  it('the platform view books sales, refunds, commission with VAT, fees and the payout; the liability ends at 0', () => {
    expect(figures.payout).toBe(8_550);
    const bookings = accountingBookings('platform', 'SKR03', events, MARCH, day);
    expect(bookings.map((b) => [b.kind, b.date, b.amount, b.debit, b.credit, b.document])).toEqual([
      ['sale', '2026-03-02', 10_000, '1360', '1700', 'RE-2026-K7M3Q-000001'],
      ['sale', '2026-03-04', 5_000, '1360', '1700', 'RE-2026-K7M3Q-000002'],
      ['refund', '2026-03-10', 5_000, '1700', '1360', 'ST-2026-K7M3Q-000001'],
      ['refund_platform_share', '2026-03-10', 600, '4900', '1700', 'ST-2026-K7M3Q-000001'],
      ['commission', '2026-03-15', 1_500, '1700', '8510', 'PR-2026-000001'],
      ['commission_vat', '2026-03-15', 300, '1700', '1770', 'PR-2026-000001'],
      ['fees', '2026-03-15', 250, '1700', '4970', 'PR-2026-000001'],
      ['payout', '2026-03-15', 8_550, '1700', '1360', 'PR-2026-000001'],
    ]);
    expect(accountBalance(bookings, ACCOUNTING_CHARTS.SKR03.platform.sellerLiability)).toBe(0);
  });

  it("the seller view mirrors it: the platform clearing account equals the platform's liability", () => {
    for (const chart of ['SKR03', 'SKR04'] as const) {
      const own = accountingBookings('seller', chart, events, MARCH, day);
      const platform = accountingBookings('platform', chart, events, MARCH, day);
      const a = ACCOUNTING_CHARTS[chart];
      expect(
        accountBalance(own, a.seller.platformClearing) + accountBalance(platform, a.platform.sellerLiability),
      ).toBe(0);
      // Revenue: A + B + the direct sale C − the refund of B.
      expect(-accountBalance(own, a.seller.revenue)).toBe(10_000 + 5_000 + 2_000 - 5_000);
      expect(accountBalance(own, a.seller.cash)).toBe(2_000);
      expect(accountBalance(own, a.seller.inputVat)).toBe(300);
      expect(accountBalance(own, a.seller.bank)).toBe(8_550);
    }
    // Before the payout (batch up to the 14th) the liability is what the seller is owed: Σ seller_net − share.
    const early = accountingBookings('platform', 'SKR03', events, { from: '2026-03-01', to: '2026-03-14' }, day);
    expect(-accountBalance(early, '1700')).toBe(10_000 + 5_000 - 5_000 + 600);
  });

  it('writes the DATEV batch: the full file text of the fixed scenario', () => {
    const text = datevExtf(header, accountingBookings('platform', 'SKR03', events, MARCH, day));
    const seller = 'Alpenhof ""Sölden"" GmbH';
    expect(text).toBe(
      [
        '"EXTF";700;21;"Buchungsstapel";13;20260402101530123;;"RE";"Gutscheinmarkt";"";1001;1;20260101;4;20260301;20260331;"Gutscheinmarkt Plattform 2026-";"";1;0;0;"EUR";;"";;;"03";;;"";""',
        EXTF_COLUMNS.join(';'),
        line(
          '100,00',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '1360',
          '1700',
          '',
          '0203',
          '"RE-2026-K7M3Q-000001"',
          '',
          '',
          `"Gutscheinverkauf GM-2026-000001 ${seller}"`,
        ),
        line(
          '50,00',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '1360',
          '1700',
          '',
          '0403',
          '"RE-2026-K7M3Q-000002"',
          '',
          '',
          `"Gutscheinverkauf GM-2026-000002 ${seller}"`,
        ),
        line(
          '50,00',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '1700',
          '1360',
          '',
          '1003',
          '"ST-2026-K7M3Q-000001"',
          '',
          '',
          `"Storno ST-2026-K7M3Q-000001 ${seller}"`,
        ),
        line(
          '6,00',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '4900',
          '1700',
          '',
          '1003',
          '"ST-2026-K7M3Q-000001"',
          '',
          '',
          '"Storno ST-2026-K7M3Q-000001 Anteil Plattform"',
        ),
        line(
          '15,00',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '1700',
          '8510',
          '',
          '1503',
          '"PR-2026-000001"',
          '',
          '',
          `"Provision PR-2026-000001 ${seller}"`,
        ),
        line(
          '3,00',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '1700',
          '1770',
          '',
          '1503',
          '"PR-2026-000001"',
          '',
          '',
          '"USt 20 % Provision PR-2026-000001"',
        ),
        line(
          '2,50',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '1700',
          '4970',
          '',
          '1503',
          '"PR-2026-000001"',
          '',
          '',
          '"Zahlungsgebühren PR-2026-000001"',
        ),
        line(
          '85,50',
          '"S"',
          '"EUR"',
          '',
          '',
          '',
          '1700',
          '1360',
          '',
          '1503',
          '"PR-2026-000001"',
          '',
          '',
          `"Auszahlung PR-2026-000001 ${seller}"`,
        ),
        '',
      ].join('\r\n'),
    );
    expect(checkExtf(text)).toEqual([]);
  });

  it('the header has the 31 fields of the format description, each in its format', () => {
    const text = datevExtf(header, []);
    const fields = parseExtfLine(text.split('\r\n')[0]!);
    expect(fields).toHaveLength(31);
    const v = fields.map((f) => f.value);
    expect(v.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13']);
    expect(v[5]).toMatch(/^\d{17}$/);
    expect(v[12]).toMatch(/^\d{8}$/);
    expect(v[16]!.length).toBeLessThanOrEqual(30);
    expect(v[21]).toBe('EUR');
    expect(EXTF_COLUMNS).toHaveLength(125);
    expect(new Set(EXTF_COLUMNS).size).toBe(125);
    // Vienna wall time, summer and winter.
    expect(extfTimestamp(new Date('2026-07-01T10:00:00.007Z'))).toBe('20260701120000007');
    expect(extfTimestamp(new Date('2026-12-31T23:00:00.000Z'))).toBe('20270101000000000');
  });

  it('the validator finds what DATEV refuses', () => {
    const good = datevExtf(header, accountingBookings('platform', 'SKR03', events, MARCH, day));
    expect(checkExtf(good.replace('1360;1700', '1360;1360'))).toContain('line 3: Konto equals Gegenkonto');
    expect(checkExtf(good.replace('100,00', '100.00')).join()).toMatch(/Umsatz 100.00/);
    expect(checkExtf(good.replace(';0203;', ';3102;')).join()).toMatch(/Belegdatum 3102/);
    expect(checkExtf(good.replace('"EXTF";700;21', '"EXTF";510;21')).join()).toMatch(/Versionsnummer/);
    expect(checkExtf(good.replace(';20260331;', ';20270131;')).join()).toMatch(/one calendar year/);
    expect(checkExtf(good.replace(/\r\n/g, '\n')).join()).toMatch(/CRLF/);
    expect(checkExtf(good.replace('"RE-2026-K7M3Q-000001"', '"RE 2026#1"')).join()).toMatch(/Belegfeld 1/);
  });

  it('is written as Windows-1252', () => {
    const bytes = encodeWindows1252('Gebühren 5 € – ok ✓');
    expect([...bytes.slice(0, 9)]).toEqual([0x47, 0x65, 0x62, 0xfc, 0x68, 0x72, 0x65, 0x6e, 0x20]);
    expect(bytes[11]).toBe(0x80);
    expect(bytes[13]).toBe(0x96);
    expect(decodeWindows1252(bytes)).toBe('Gebühren 5 € – ok ?');
  });

  it('writes the same bookings for BMD', () => {
    const csv = bmdCsv(accountingBookings('seller', 'SKR04', events, MARCH, day));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(BMD_COLUMNS.join(';'));
    expect(lines[1]).toBe(
      '0;1300;4200;1;RE-2026-K7M3Q-000001;02.03.2026;02.03.2026;SO;1;0;0;100,00;0,00;Gutscheinverkauf GM-2026-000001 Alpenhof Sölden Gm',
    );
    expect(lines[3]).toBe(
      '0;1600;4200;3;GM-2026-000003;05.03.2026;05.03.2026;SO;1;0;0;20,00;0,00;Gutscheinverkauf GM-2026-000003 Alpenhof Sölden Gm',
    );
    expect(lines.at(-2)).toBe(
      '0;1800;1300;9;PR-2026-000001;15.03.2026;15.03.2026;BK;1;0;0;85,50;0,00;Auszahlung PR-2026-000001 Alpenhof Sölden GmbH',
    );
    expect(lines.at(-1)).toBe('');
    for (const row of lines.slice(1, -1)) expect(row.split(';')).toHaveLength(BMD_COLUMNS.length);
  });

  it('the request: one calendar year, to not before from', () => {
    expect(accountingExportSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'Bitte gib ein gültiges Datum ein',
    });
    expect(accountingExportSchema.safeParse({ from: '2025-12-01', to: '2026-01-31' }).error?.issues[0]?.path).toEqual([
      'to',
    ]);
    expect(
      accountingExportSchema.parse({ from: '2026-01-01', to: '2026-12-31', consultant_no: '12345' }),
    ).toMatchObject({
      chart: 'SKR03',
      consultant_no: 12345,
    });
  });
});
