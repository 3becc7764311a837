import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { aggregatesCaughtUp } from '../../../scripts/test/aggregates.ts';
import { testInvoiceDraft } from '../../../scripts/test/invoice-draft.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { createInvoiceNumberingRepository } from './invoice-numbering-repository.ts';
import {
  createOrderRepository,
  invoiceDraftKeys,
  invoiceKeys,
  orderKeys,
  type InvoiceDraft,
} from './order-repository.ts';

/**
 * The invoice numbering (issue 15) against DynamoDB Local. The drafts below reach the table's stream
 * too, so the stream stand-in's consumer numbers them alongside: every run here races it.
 */
const table = () => env().TABLE_NAME;
const numbering = () => createInvoiceNumberingRepository(documentClient(), table());
const orders = () => createOrderRepository(documentClient(), table());

/** A completed line without its number and its draft, as the completion leaves them. */
async function completedWithDraft(sellerId: string, code: string, year: string, i: number): Promise<InvoiceDraft> {
  const orderId = randomUUID();
  const issuedAt = `${year}-03-01T10:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`;
  const draft = testInvoiceDraft({
    orderId,
    sellerId,
    code,
    issuedAt,
    orderNo: `GM-${year}-${String(i).padStart(6, '0')}`,
  });
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: { ...orderKeys.item(orderId), entity: 'Order', id: orderId, status: 'completed', invoice_no: null },
    }),
  );
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: { ...invoiceDraftKeys.item(orderId), entity: 'InvoiceDraft', ...draft },
    }),
  );
  return draft;
}

async function counter(sellerId: string, year: string): Promise<number | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: invoiceKeys.counter(sellerId, year), ConsistentRead: true }),
  );
  return Item?.value as number | undefined;
}

const newCode = () => `T${randomUUID().replace(/-/g, '').slice(0, 7).toUpperCase()}`;

describe('invoice numbering', () => {
  it('numbers 40 drafts of one seller once each and without gaps while three numberings and the stream consumer race, and a redelivery adds nothing', async () => {
    const [sellerId, code, year] = [randomUUID(), newCode(), '2026'];
    const drafts = await Promise.all(Array.from({ length: 40 }, (_, i) => completedWithDraft(sellerId, code, year, i)));
    const ids = drafts.map((d) => d.order_id);

    // Three shards' consumers at once (the third sees the batch in another order), and the stand-in's own.
    const runs = await Promise.all([
      numbering().number(drafts),
      numbering().number(drafts),
      numbering().number([...drafts].reverse()),
    ]);
    await aggregatesCaughtUp();
    // Every draft was numbered by exactly one of the runs (or the stand-in); the others found it gone.
    expect(runs.reduce((sum, run) => sum + run.numbered, 0)).toBeLessThanOrEqual(40);
    for (const run of runs) expect(run.numbered + run.alreadyNumbered).toBe(40);

    const lines = await orders().getMany(ids);
    const numbers = lines.map((line) => line!.invoice_no!);
    expect(new Set(numbers).size).toBe(40);
    expect(numbers.map((no) => Number(no.slice(-6))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const no of numbers) expect(no).toMatch(new RegExp(`^RE-${year}-${code}-\\d{6}$`));
    // Each number's invoice belongs to the line that holds the number, with the draft's content.
    const invoices = await orders().getInvoices(numbers);
    invoices.forEach((invoice, i) => {
      expect(invoice).toMatchObject({ invoice_no: numbers[i], order_id: ids[i], seller_id: sellerId, gross: 1000 });
      expect(invoice).not.toHaveProperty('code');
      expect(invoice).not.toHaveProperty('year');
    });
    expect(await counter(sellerId, year)).toBe(40);
    expect(await orders().invoicesPending(ids)).toEqual([]);

    // Lambda delivers the batch once more: nothing is numbered twice.
    expect(await numbering().number(drafts)).toMatchObject({ numbered: 0, alreadyNumbered: 40 });
    expect(await counter(sellerId, year)).toBe(40);
  }, 60_000);

  it("keeps each seller's and year's series apart", async () => {
    const [one, two, code1, code2] = [randomUUID(), randomUUID(), newCode(), newCode()];
    const drafts = await Promise.all([
      ...Array.from({ length: 3 }, (_, i) => completedWithDraft(one, code1, '2026', i)),
      completedWithDraft(one, code1, '2027', 3),
      ...Array.from({ length: 2 }, (_, i) => completedWithDraft(two, code2, '2026', i)),
    ]);
    await numbering().number(drafts);
    await aggregatesCaughtUp();
    const lines = await orders().getMany(drafts.map((d) => d.order_id));
    const numbers = lines.map((line) => line!.invoice_no!);
    expect(numbers.slice(0, 3).sort()).toEqual([1, 2, 3].map((n) => invoiceKeys.number('2026', code1, n)));
    expect(numbers[3]).toBe(invoiceKeys.number('2027', code1, 1));
    expect(numbers.slice(4).sort()).toEqual([1, 2].map((n) => invoiceKeys.number('2026', code2, n)));
    expect([await counter(one, '2026'), await counter(one, '2027'), await counter(two, '2026')]).toEqual([3, 1, 2]);
  }, 60_000);
});
