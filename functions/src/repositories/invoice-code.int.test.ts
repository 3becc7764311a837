import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { invoiceCodeKeys, invoiceCodeOf, newInvoiceCode } from './invoice-code.ts';

/** A seller's invoice code (issue 15) against DynamoDB Local: unique by its claim item, one per seller. */
const claimOf = async (code: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: invoiceCodeKeys.code(code), ConsistentRead: true }),
    )
  ).Item;

describe('invoice codes', () => {
  it('never gives a code that another seller holds: a taken code draws another', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const taken = newInvoiceCode();
    expect(await invoiceCodeOf(documentClient(), env().TABLE_NAME, first, () => taken)).toBe(taken);
    const fresh = newInvoiceCode();
    const draws = [taken, taken, fresh];
    const code = await invoiceCodeOf(documentClient(), env().TABLE_NAME, second, () => draws.shift()!);
    expect(code).toBe(fresh);
    expect(draws).toEqual([]);
    expect((await claimOf(taken))?.seller_id).toBe(first);
    expect((await claimOf(fresh))?.seller_id).toBe(second);
  });

  it('gives concurrent first claims of one seller the same code and keeps only that claim', async () => {
    const seller = randomUUID();
    const drawn = Array.from({ length: 6 }, () => newInvoiceCode());
    const codes = await Promise.all(
      drawn.map((code) => invoiceCodeOf(documentClient(), env().TABLE_NAME, seller, () => code)),
    );
    expect(new Set(codes).size).toBe(1);
    const claims = await Promise.all(drawn.map(claimOf));
    expect(claims.filter((claim) => claim?.seller_id === seller).map((claim) => claim!.code)).toEqual([codes[0]]);
  });
});
