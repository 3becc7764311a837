import { strFromU8, unzipSync } from 'fflate';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { maskIban, PAYOUT_TEXT, TRANSFER_STATUS_LABEL } from '@gm/shared/payouts/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { downloadExport } from '../../../../scripts/test/export-link.ts';
import { issueTestSellerInvoice } from '../../../../scripts/test/seller-invoice-fixture.ts';
import { documentClient } from '../../lib/clients.ts';
import { audit } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { sellerInvoiceKeys } from '../../repositories/seller-invoice-keys.ts';
import { NO_SELLER_INVOICES } from './seller-invoices.ts';

/**
 * Seller invoices, read/admin side (issue 12; 03 §2 /payout, §4, §7, §8): every route through the
 * local API gateway, against invoices issued by the test fixture exactly as the payout run issues them.
 */
const at = (day: string, seconds: number) => new Date(Date.parse(`${day}T10:00:00Z`) + seconds * 1000).toISOString();

async function stateOf(sellerId: string) {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: sellerInvoiceKeys.state(sellerId), ConsistentRead: true }),
  );
  return Item;
}

describe('seller invoices (read/admin)', () => {
  it('lists by range, keyword, seller and status with cursor paging; 422 on a reversed range', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const other = await createTestAccount('seller');
    const DAY = '2018-02-13';
    for (let i = 0; i < 11; i++)
      await issueTestSellerInvoice({
        seller_id: seller.userId,
        issued_at: at(DAY, i),
        company_name: 'Bergblick Paging GmbH',
        email_sent: i < 3,
      });
    const foreign = await issueTestSellerInvoice({
      seller_id: other.userId,
      issued_at: at(DAY, 30),
      company_name: 'Talwirt Fremd KG',
    });

    // Admin: all of the day, newest first, 10 per page; the total travels with the cursor.
    const first = await api('GET', `seller-invoice?from=${DAY}&to=${DAY}`, { token: admin.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.total).toBe(12);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0].id).toBe(foreign.id);
    expect(first.body.last_page).toBe(2);
    expect(first.body.data[0].iban).toBe(maskIban('AT611904300234573201'));
    const next = new URL(first.body.next_page_url as string);
    expect(next.searchParams.get('from')).toBe(DAY);
    const second = await api('GET', `seller-invoice?${next.searchParams}`, { token: admin.token });
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.total).toBe(12);
    expect(second.body.current_page).toBe(2);
    expect(second.body.next_page_url).toBeNull();
    // A page number without cursor walks there.
    const jumped = await api('GET', `seller-invoice?from=${DAY}&to=${DAY}&page=2`, { token: admin.token });
    expect(jumped.body.data.map((i: { id: string }) => i.id)).toEqual(
      second.body.data.map((i: { id: string }) => i.id),
    );

    // Keyword (company or invoice number), seller and status filters.
    const byKeyword = await api('GET', `seller-invoice?from=${DAY}&to=${DAY}&keyword=TALWIRT`, { token: admin.token });
    expect(byKeyword.body.data.map((i: { id: string }) => i.id)).toEqual([foreign.id]);
    const byNumber = await api('GET', `seller-invoice?keyword=${foreign.invoice_no}`, { token: admin.token });
    expect(byNumber.body.data.map((i: { id: string }) => i.id)).toEqual([foreign.id]);
    const bySeller = await api('GET', `seller-invoice?seller_id=${other.userId}`, { token: admin.token });
    expect(bySeller.body.data.map((i: { id: string }) => i.id)).toEqual([foreign.id]);
    const completed = await api('GET', `seller-invoice?from=${DAY}&to=${DAY}&status=completed`, {
      token: admin.token,
    });
    expect(completed.body.total).toBe(3);
    expect(completed.body.data.every((i: { email_sent: boolean }) => i.email_sent)).toBe(true);
    const ownPending = await api('GET', `seller-invoice?seller_id=${seller.userId}&status=pending`, {
      token: admin.token,
    });
    expect(ownPending.body.total).toBe(8);

    // A seller sees only their own; a seller_id naming another seller is ignored.
    const own = await api('GET', `seller-invoice?seller_id=${other.userId}&paginate=100`, { token: seller.token });
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(11);
    expect(own.body.data.every((i: { seller_id: string }) => i.seller_id === seller.userId)).toBe(true);

    // An empty list is a 200 with no rows (the web shows 'Noch keine Daten vorhanden.').
    const none = await api('GET', 'seller-invoice?from=2001-01-01&to=2001-01-02', { token: admin.token });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: [], total: 0, next_page_url: null });

    // Validation: end before start, a broken date, a cursor of another partition.
    const reversed = await api('GET', `seller-invoice?from=2018-02-14&to=${DAY}`, { token: admin.token });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.to).toEqual([MSG.invalidDate]);
    expect(reversed.body.errors.to[0]).toBe('Bitte gib ein gültiges Datum ein');
    expect((await api('GET', 'seller-invoice?from=2018-02-30', { token: admin.token })).status).toBe(422);
    const cursor = next.searchParams.get('cursor')!;
    const stolen = await api('GET', `seller-invoice?cursor=${encodeURIComponent(cursor)}&page=2`, {
      token: seller.token,
    });
    expect(stolen.status).toBe(422);
    expect((await api('GET', 'seller-invoice?cursor=nonsense', { token: admin.token })).status).toBe(422);

    // Buyers and scanners have no access.
    const buyer = await createTestAccount('user');
    expect((await api('GET', 'seller-invoice', { token: buyer.token })).status).toBe(403);
  });

  it('one invoice and its PDF: admin or the owning seller, anyone else 404', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const other = await createTestAccount('seller');
    const invoice = await issueTestSellerInvoice({ seller_id: seller.userId });

    const got = await api('GET', `seller-invoice/${invoice.id}`, { token: admin.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      id: invoice.id,
      invoice_no: invoice.invoice_no,
      payout: invoice.payout,
      iban: maskIban(invoice.iban),
      isCompleted: true,
      email_sent: false,
    });
    expect(got.body.data.iban).not.toContain('AT6119');
    expect((await api('GET', `seller-invoice/${invoice.id}`, { token: seller.token })).status).toBe(200);
    expect((await api('GET', `seller-invoice/${invoice.id}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', 'seller-invoice/unknown-id', { token: admin.token })).status).toBe(404);

    const pdf = await fetch(new URL(`seller-invoice/${invoice.id}/pdf`, inject('apiUrl')), {
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`Gutschrift-${invoice.invoice_no}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await api('GET', `seller-invoice/${invoice.id}/pdf`, { token: other.token })).status).toBe(404);
    expect((await api('GET', `seller-invoice/${invoice.id}/pdf`, { token: admin.token })).status).toBe(200);
  });

  it('marks a manual payment complete once (race), adds paid_out once, audits; other states 422', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const manual = await issueTestSellerInvoice(
      { seller_id: seller.userId, transfer_status: 'manual' },
      { state: true },
    );
    const failed = await issueTestSellerInvoice(
      { seller_id: seller.userId, transfer_status: 'failed' },
      { state: true },
    );
    const paid = await issueTestSellerInvoice({ seller_id: seller.userId, transfer_status: 'paid' }, { state: true });
    expect(await stateOf(seller.userId)).toMatchObject({ paid_out: paid.payout });

    // The admin home counts the two open ones.
    const overview = await api('GET', 'admin/overview', { token: admin.token });
    expect(overview.status).toBe(200);
    expect(overview.body.data.open_payouts).toBeGreaterThanOrEqual(2);
    expect(overview.body.data.open_payout_amount).toBeGreaterThanOrEqual(manual.payout + failed.payout);

    // Two concurrent marks: one wins, the other is refused; paid_out grows by the payout once.
    const [a, b] = await Promise.all([
      api('PUT', `seller-invoice/${manual.id}`, { token: admin.token, body: { isCompleted: true } }),
      api('PUT', `seller-invoice/${manual.id}`, { token: admin.token, body: { isCompleted: true } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const won = a.status === 200 ? a : b;
    const lost = a.status === 200 ? b : a;
    expect(won.body.message).toBe(PAYOUT_TEXT.markedComplete);
    expect(won.body.data).toMatchObject({ transfer_status: 'completed', isCompleted: true });
    expect(won.body.data.paid_at).toEqual(expect.any(String));
    expect(lost.body.message).toBe(PAYOUT_TEXT.notCompletable);
    expect(await stateOf(seller.userId)).toMatchObject({ paid_out: paid.payout + manual.payout });

    const failedDone = await api('PUT', `seller-invoice/${failed.id}`, {
      token: admin.token,
      body: { isCompleted: true },
    });
    expect(failedDone.status).toBe(200);
    expect(await stateOf(seller.userId)).toMatchObject({ paid_out: paid.payout + manual.payout + failed.payout });

    // Already paid by Stripe: 422; bad body: 422; unknown: 404; sellers may not.
    const already = await api('PUT', `seller-invoice/${paid.id}`, { token: admin.token, body: { isCompleted: true } });
    expect(already.status).toBe(422);
    expect(already.body.message).toBe(PAYOUT_TEXT.notCompletable);
    const noBody = await api('PUT', `seller-invoice/${paid.id}`, { token: admin.token, body: {} });
    expect(noBody.status).toBe(422);
    expect(noBody.body.errors.isCompleted).toBeDefined();
    expect(
      (await api('PUT', 'seller-invoice/unknown-id', { token: admin.token, body: { isCompleted: true } })).status,
    ).toBe(404);
    expect(
      (await api('PUT', `seller-invoice/${manual.id}`, { token: seller.token, body: { isCompleted: true } })).status,
    ).toBe(403);

    const entries = (await audit().listByTarget(seller.userId, 50)).items;
    expect(entries.filter((e) => e.action === 'complete_seller_payout')).toHaveLength(2);
    expect(entries.find((e) => e.details.seller_invoice_id === manual.id)).toMatchObject({ actor_id: admin.userId });

    // Issued Gutschriften are never deleted.
    const deleted = await api('DELETE', `seller-invoice/${paid.id}`, { token: admin.token });
    expect(deleted.status).toBe(422);
    expect(deleted.body.message).toBe(PAYOUT_TEXT.notDeletable);
    expect((await api('DELETE', 'seller-invoice/unknown-id', { token: admin.token })).status).toBe(404);
    expect((await api('GET', `seller-invoice/${paid.id}`, { token: admin.token })).status).toBe(200);
  });

  it('commission stats sum the invoices of the range', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const DAY = '2018-03-20';
    const one = await issueTestSellerInvoice({
      seller_id: seller.userId,
      issued_at: at(DAY, 1),
      sales: { gross: 20_000, commission: 2_000, processing_fees: 300 },
    });
    const two = await issueTestSellerInvoice({
      seller_id: seller.userId,
      issued_at: at(DAY, 2),
      transfer_status: 'manual',
      sales: { gross: 5_000, commission: 500, processing_fees: 0 },
    });
    await issueTestSellerInvoice({ seller_id: seller.userId, issued_at: at('2018-03-22', 1) });
    const stats = await api('GET', `seller-invoice/commission-stats?from=${DAY}&to=${DAY}&seller_id=${seller.userId}`, {
      token: admin.token,
    });
    expect(stats.status).toBe(200);
    expect(stats.body.data).toEqual({
      invoice_count: 2,
      gross: 25_000,
      commission: 2_500,
      commission_vat: one.commission_vat + two.commission_vat,
      processing_fees: 300,
      payout: one.payout + two.payout,
      paid_out: one.payout,
      open_payouts: 1,
    });
    const reversed = await api('GET', `seller-invoice/commission-stats?from=${DAY}&to=2018-03-01`, {
      token: admin.token,
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.to).toEqual([MSG.invalidDate]);
    expect((await api('GET', 'seller-invoice/commission-stats', { token: seller.token })).status).toBe(403);
  });

  it('send-invoice mails the PDF to the seller, marks it sent (pending → completed), a resend mails again', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const DAY = '2018-04-11';
    const invoice = await issueTestSellerInvoice({ seller_id: seller.userId, issued_at: at(DAY, 5) });
    const snapshot = await issueTestSellerInvoice({
      seller_id: seller.userId,
      issued_at: at(DAY, 6),
      seller_email: `buchhaltung-${seller.userId}@test.example`,
    });
    const since = Math.floor(Date.now() / 1000) - 1;

    const sent = await api('GET', `seller-invoice/send-invoice/${invoice.id}`, { token: admin.token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(PAYOUT_TEXT.invoiceSent);
    expect(sent.body.data).toMatchObject({ email_sent: true });
    expect(sent.body.data.email_sent_at).toEqual(expect.any(String));
    const mails = (await sentMails(since)).filter((m) => m.destination.to.includes(seller.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(PAYOUT_TEXT.mailSubject(invoice.invoice_no));
    expect(mails[0]!.body.text).toContain(invoice.invoice_no);
    expect(mails[0]!.body.text).toContain('Auszahlungsbetrag');
    expect(mails[0]!.attachments?.map((a) => a.filename)).toEqual([`Gutschrift-${invoice.invoice_no}.pdf`]);
    expect(mails[0]!.attachments?.[0]?.contentType).toBe('application/pdf');

    // GSI3 moved: the invoice is listed as completed, no longer as pending.
    const completed = await api('GET', `seller-invoice?status=completed&from=${DAY}&to=${DAY}`, { token: admin.token });
    expect(completed.body.data.map((i: { id: string }) => i.id)).toContain(invoice.id);
    const pending = await api('GET', `seller-invoice?status=pending&from=${DAY}&to=${DAY}`, { token: admin.token });
    expect(pending.body.data.map((i: { id: string }) => i.id)).not.toContain(invoice.id);

    // A resend mails again and keeps the status.
    const again = await api('GET', `seller-invoice/send-invoice/${invoice.id}`, { token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body.data.email_sent).toBe(true);
    expect((await sentMails(since)).filter((m) => m.destination.to.includes(seller.email))).toHaveLength(2);

    // The e-mail snapshot on the invoice wins over the profile.
    expect((await api('GET', `seller-invoice/send-invoice/${snapshot.id}`, { token: admin.token })).status).toBe(200);
    expect((await sentMails(since)).some((m) => m.destination.to.includes(snapshot.seller_email!))).toBe(true);

    const entries = (await audit().listByTarget(seller.userId, 50)).items;
    expect(entries.filter((e) => e.action === 'send_seller_invoice')).toHaveLength(3);
    expect((await api('GET', 'seller-invoice/send-invoice/unknown-id', { token: admin.token })).status).toBe(404);
    expect((await api('GET', `seller-invoice/send-invoice/${invoice.id}`, { token: seller.token })).status).toBe(403);
  });

  it('PDF zip and CSV of a range by presigned link; a seller gets only their own', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const other = await createTestAccount('seller');
    const DAY = '2018-05-07';
    const mine = [
      await issueTestSellerInvoice({
        seller_id: seller.userId,
        issued_at: at(DAY, 1),
        company_name: 'Seehof; "Export" GmbH',
        transfer_status: 'manual',
        sales: { gross: 123_456, commission: 12_345, processing_fees: 99 },
      }),
      await issueTestSellerInvoice({ seller_id: seller.userId, issued_at: at(DAY, 2), email_sent: true }),
    ];
    const theirs = await issueTestSellerInvoice({ seller_id: other.userId, issued_at: at(DAY, 3) });

    const zip = await downloadExport(admin.token, 'seller-invoice/download-pdf-invoices', { from: DAY, to: DAY });
    expect(zip.status, JSON.stringify(zip.body)).toBe(200);
    expect(zip.link!.filename).toBe(`Gutschriften_${DAY}_${DAY}.zip`);
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual([...mine, theirs].map((i) => `Gutschrift-${i.invoice_no}.pdf`).sort());
    for (const pdf of Object.values(files)) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');

    // The seller: own only, whatever seller_id says.
    const own = await downloadExport(seller.token, 'seller-invoice/download-pdf-invoices', {
      from: DAY,
      to: DAY,
      seller_id: other.userId,
    });
    expect(own.status).toBe(200);
    expect(Object.keys(unzipSync(own.bytes)).sort()).toEqual(mine.map((i) => `Gutschrift-${i.invoice_no}.pdf`).sort());

    const csv = await downloadExport(admin.token, 'seller-invoice/download-csv-invoices', {
      from: DAY,
      to: DAY,
      seller_id: seller.userId,
    });
    expect(csv.status).toBe(200);
    expect(csv.link!.filename).toBe(`Gutschriften_${DAY}_${DAY}.csv`);
    const text = strFromU8(csv.bytes);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Rechnungsnummer;Datum;Zeitraum;Unternehmen;IBAN;Umsatz;Provision;USt;Zahlungsgebühren;Stornos;Auszahlung;Status;Überweisung',
    );
    expect(lines).toHaveLength(3);
    const first = mine[0]!;
    expect(lines[1]).toBe(
      [
        first.invoice_no,
        '07-05-2018',
        'Beginn – 07-05-2018',
        '"Seehof; ""Export"" GmbH"',
        maskIban(first.iban),
        '1234,56',
        '123,45',
        `${Math.floor(first.commission_vat / 100)},${String(first.commission_vat % 100).padStart(2, '0')}`,
        '0,99',
        '0,00',
        `${Math.floor(first.payout / 100)},${String(first.payout % 100).padStart(2, '0')}`,
        'Pending',
        TRANSFER_STATUS_LABEL.manual,
      ].join(';'),
    );
    expect(lines[2]).toContain(';Completed;');

    // Dates are required; a reversed range and an empty one are refused.
    const missing = await api('POST', 'seller-invoice/download-csv-invoices', { token: admin.token, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['from', 'to']);
    const reversed = await api('POST', 'seller-invoice/download-pdf-invoices', {
      token: admin.token,
      body: { from: DAY, to: '2018-05-01' },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.to).toEqual([MSG.invalidDate]);
    const empty = await api('POST', 'seller-invoice/download-pdf-invoices', {
      token: admin.token,
      body: { from: '2001-01-01', to: '2001-01-01' },
    });
    expect(empty.status).toBe(404);
    expect(empty.body.message).toBe(NO_SELLER_INVOICES);
  });
});
