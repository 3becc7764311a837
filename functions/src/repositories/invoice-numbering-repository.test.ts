import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createInvoiceNumberingRepository, DRAFTS_PER_TRANSACTION } from './invoice-numbering-repository.ts';
import type { InvoiceDraft } from './order-repository.ts';
import type { TransactionPart } from './transaction-part.ts';

/**
 * How the numbering cuts and orders its transactions (the race and redelivery run against DynamoDB
 * Local in invoice-numbering-repository.int.test.ts). The client below keeps only the counters and
 * the drafts, and applies a transaction when the counter's condition holds and every draft exists.
 */
type Key = { PK: string; SK: string };
const id = (key: Key) => `${key.PK}|${key.SK}`;

function table(options: { refuseFirst?: (parts: TransactionPart[]) => string[] } = {}) {
  const counters = new Map<string, number>();
  const drafts = new Map<string, Record<string, unknown>>();
  const committed: TransactionPart[][] = [];
  let refused = false;
  const send = async (command: unknown) => {
    if (command instanceof GetCommand) {
      const value = counters.get(id(command.input.Key as Key));
      return { Item: value === undefined ? undefined : { value } };
    }
    if (command instanceof BatchGetCommand) {
      const keys = Object.values(command.input.RequestItems!)[0]!.Keys as Key[];
      return { Responses: { t: keys.flatMap((key) => drafts.get(id(key)) ?? []) } };
    }
    if (command instanceof TransactWriteCommand) {
      const parts = command.input.TransactItems as TransactionPart[];
      const reasons = parts.map(() => ({ Code: 'None' }));
      const counter = parts[0]!.Update!;
      const expected = counter.ExpressionAttributeValues![':n'] as number | undefined;
      if ((counters.get(id(counter.Key as Key)) ?? undefined) !== expected)
        reasons[0] = { Code: 'ConditionalCheckFailed' };
      parts.forEach((part, i) => {
        if (part.Delete && !drafts.has(id(part.Delete.Key as Key))) reasons[i] = { Code: 'ConditionalCheckFailed' };
      });
      if (!refused && options.refuseFirst) {
        refused = true;
        for (const key of options.refuseFirst(parts)) drafts.delete(key);
        parts.forEach((part, i) => {
          if (part.Delete && !drafts.has(id(part.Delete.Key as Key))) reasons[i] = { Code: 'ConditionalCheckFailed' };
        });
      }
      if (reasons.some((r) => r.Code !== 'None'))
        throw new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: reasons });
      counters.set(id(counter.Key as Key), counter.ExpressionAttributeValues![':next'] as number);
      for (const part of parts) if (part.Delete) drafts.delete(id(part.Delete.Key as Key));
      committed.push(parts);
      return {};
    }
    throw new Error(`unexpected ${String(command)}`);
  };
  const db = { send } as unknown as DynamoDBDocumentClient;
  return { db, counters, drafts, committed };
}

function draft(seller: string, year: string, second: number, order = `o-${seller}-${year}-${second}`): InvoiceDraft {
  return {
    year,
    code: seller.toUpperCase(),
    order_id: order,
    order_no: `GM-${order}`,
    seller_id: seller,
    seller: { name: seller, address: null, vat_number: null },
    buyer: { name: 'Kim', email: 'kim@test.example' },
    buyer_user_id: null,
    lines: [],
    discount: 0,
    multi_purpose: false,
    net: 0,
    tax: 0,
    gross: 0,
    issued_at: new Date(Date.UTC(Number(year), 0, 1, 0, 0, second)).toISOString(),
  };
}

/** What one committed transaction did: the counter's move and, per draft, its order and number. */
function summary(parts: TransactionPart[]) {
  const counter = parts[0]!.Update!;
  return {
    counter: (counter.Key as Key).PK,
    from: (counter.ExpressionAttributeValues![':n'] as number | undefined) ?? 0,
    to: counter.ExpressionAttributeValues![':next'],
    numbered: parts.flatMap((part) =>
      part.Put ? [`${part.Put.Item!.order_id as string} ${part.Put.Item!.invoice_no as string}`] : [],
    ),
  };
}

const put = (t: ReturnType<typeof table>, drafts: InvoiceDraft[]) => {
  for (const d of drafts)
    t.drafts.set(`ORDER#${d.order_id}|INVOICE_DRAFT`, { PK: `ORDER#${d.order_id}`, SK: 'INVOICE_DRAFT', ...d });
  return drafts;
};

describe('invoice numbering', () => {
  it('numbers a series in the order of issue, 33 drafts per transaction, the counter moving by the drafts', async () => {
    const t = table();
    const drafts = put(
      t,
      Array.from({ length: 70 }, (_, i) => draft('a', '2026', i)),
    );
    // The stream hands them over in any order (several shards, retries).
    const shuffled = [...drafts.filter((_, i) => i % 2), ...drafts.filter((_, i) => !(i % 2))].reverse();
    const outcome = await createInvoiceNumberingRepository(t.db, 't').number(shuffled);

    expect(outcome).toEqual({ numbered: 70, alreadyNumbered: 0, transactions: 3 });
    expect(DRAFTS_PER_TRANSACTION).toBe(33);
    expect(t.committed.map((parts) => parts.length)).toEqual([1 + 3 * 33, 1 + 3 * 33, 1 + 3 * 4]);
    const done = t.committed.map(summary);
    expect(done.map(({ from, to }) => [from, to])).toEqual([
      [0, 33],
      [33, 66],
      [66, 70],
    ]);
    expect(done.flatMap((d) => d.numbered)).toEqual(
      drafts.map((d, i) => `${d.order_id} RE-2026-A-${String(i + 1).padStart(6, '0')}`),
    );
    // Per draft: the invoice, the line's number (only while it has none) and the draft's delete.
    const [, invoice, line, gone] = t.committed[0]!;
    expect(invoice!.Put).toMatchObject({ ConditionExpression: 'attribute_not_exists(PK)' });
    expect(invoice!.Put!.Item).toMatchObject({
      PK: 'INVOICE#RE-2026-A-000001',
      GSI1PK: 'SELLER#a#INVOICES',
      GSI2PK: 'INVOICES',
    });
    expect(invoice!.Put!.Item).not.toHaveProperty('code');
    expect(line!.Update).toMatchObject({
      Key: { PK: `ORDER#${drafts[0]!.order_id}`, SK: 'ORDER' },
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(invoice_no) OR invoice_no = :none)',
    });
    expect(gone!.Delete).toMatchObject({ Key: { PK: `ORDER#${drafts[0]!.order_id}`, SK: 'INVOICE_DRAFT' } });
  });

  it("keeps each seller's and year's series apart", async () => {
    const t = table();
    const drafts = put(t, [draft('a', '2026', 1), draft('b', '2026', 2), draft('a', '2027', 3), draft('a', '2026', 4)]);
    await createInvoiceNumberingRepository(t.db, 't').number(drafts);
    expect(Object.fromEntries(t.counters)).toEqual({
      'COUNTER#INVOICE#a#2026|COUNTER': 2,
      'COUNTER#INVOICE#b#2026|COUNTER': 1,
      'COUNTER#INVOICE#a#2027|COUNTER': 1,
    });
    expect(
      t.committed
        .map(summary)
        .flatMap((d) => d.numbered)
        .sort(),
    ).toEqual([
      'o-a-2026-1 RE-2026-A-000001',
      'o-a-2026-4 RE-2026-A-000002',
      'o-a-2027-3 RE-2027-A-000001',
      'o-b-2026-2 RE-2026-B-000001',
    ]);
  });

  it('leaves out drafts numbered meanwhile (a redelivery, another shard) and numbers the rest from the counter read again', async () => {
    // Before the first transaction lands, another consumer numbered the first two drafts.
    const t = table({
      refuseFirst: (parts) => {
        t.counters.set('COUNTER#INVOICE#a#2026|COUNTER', 2);
        return parts.flatMap((part) => (part.Delete ? [id(part.Delete.Key as Key)] : [])).slice(0, 2);
      },
    });
    const drafts = put(
      t,
      Array.from({ length: 5 }, (_, i) => draft('a', '2026', i)),
    );
    const outcome = await createInvoiceNumberingRepository(t.db, 't', () => Promise.resolve()).number(drafts);
    expect(outcome).toEqual({ numbered: 3, alreadyNumbered: 2, transactions: 2 });
    expect(t.committed.map(summary)).toEqual([
      {
        counter: 'COUNTER#INVOICE#a#2026',
        from: 2,
        to: 5,
        numbered: drafts.slice(2).map((d, i) => `${d.order_id} RE-2026-A-${String(i + 3).padStart(6, '0')}`),
      },
    ]);
  });

  it('gives up on a draft whose line already has a number (never a second number), after its retries', async () => {
    const t = table();
    put(t, [draft('a', '2026', 1)]);
    let transactions = 0;
    const refusingLine = {
      send: async (command: unknown) => {
        if (!(command instanceof TransactWriteCommand)) return t.db.send(command as never);
        transactions++;
        const reasons = (command.input.TransactItems ?? []).map((_, i) => ({
          Code: i === 2 ? 'ConditionalCheckFailed' : 'None',
        }));
        throw new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: reasons });
      },
    } as unknown as DynamoDBDocumentClient;
    const repository = createInvoiceNumberingRepository(refusingLine, 't', () => Promise.resolve());
    await expect(repository.number([draft('a', '2026', 1)])).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(transactions).toBeGreaterThan(1);
    expect(t.counters.size).toBe(0);
  });
});
