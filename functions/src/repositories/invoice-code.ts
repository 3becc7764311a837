import { randomInt } from 'node:crypto';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { failedConditions } from './transaction-errors.ts';

/**
 * A seller's invoice code (issue 15): the short, platform-unique part of the seller's own invoice and
 * cancellation invoice numbers (`RE-<yyyy>-<code>-<000001>`, `ST-<yyyy>-<code>-<000001>`), so every
 * seller (the supplier on its invoices) has its own gap-free series per year without a platform-wide
 * counter, and numbers stay unique across the platform.
 *
 * Claimed once per seller, lazily before the seller's first invoice (outside the sale transaction),
 * in ONE transaction: Put `INVOICE_CODE#<code>` (not exists: the code is unique, not merely probably
 * unique) and Put `SELLER#<sellerId>#INVOICE_CODE` (not exists: one code per seller). A taken code
 * draws another; a concurrent first claim for the same seller loses and reads the winner's code.
 * Immutable afterwards (never deleted, not even with the seller's account: the invoices stay).
 */
export const invoiceCodeKeys = {
  code: (code: string) => ({ PK: `INVOICE_CODE#${code}`, SK: 'INVOICE_CODE' }),
  seller: (sellerId: string) => ({ PK: `SELLER#${sellerId}#INVOICE_CODE`, SK: 'INVOICE_CODE' }),
};

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L) and are allowed in DATEV's Belegfeld 1. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 5;

export const newInvoiceCode = (): string =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Codes are immutable once claimed: one read per seller and container. */
const known = new Map<string, string>();

export async function invoiceCodeOf(
  db: DynamoDBDocumentClient,
  tableName: string,
  sellerId: string,
  draw: () => string = newInvoiceCode,
): Promise<string> {
  const cacheKey = `${tableName}|${sellerId}`;
  const cached = known.get(cacheKey);
  if (cached) return cached;
  const read = async () => {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: invoiceCodeKeys.seller(sellerId), ConsistentRead: true }),
    );
    return typeof Item?.code === 'string' ? Item.code : undefined;
  };
  for (let attempt = 0; ; attempt++) {
    const existing = await read();
    if (existing) {
      known.set(cacheKey, existing);
      return existing;
    }
    const code = draw();
    const at = new Date().toISOString();
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...invoiceCodeKeys.code(code),
                  entity: 'InvoiceCode',
                  code,
                  seller_id: sellerId,
                  created_at: at,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: { ...invoiceCodeKeys.seller(sellerId), entity: 'SellerInvoiceCode', code, created_at: at },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      known.set(cacheKey, code);
      return code;
    } catch (error) {
      // Code taken (index 0): draw another. Seller claimed meanwhile (index 1) or a conflict: read again.
      if (!failedConditions(error) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
    }
  }
}
