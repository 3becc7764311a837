import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from './transaction-part.ts';

/** DynamoDB's limit of items per TransactWriteItems call. */
export const MAX_TRANSACTION_ITEMS = 100;

const isConflict = (error: unknown) =>
  (error as Error).name === 'TransactionCanceledException' &&
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some(
    (reason) => reason.Code === 'TransactionConflict',
  );

/**
 * Commits parts built by several repositories (each owns its keys) in transactions of at most 100
 * items, in order; each chunk is all or nothing. For rerunnable jobs (account deletion): the parts must
 * be safe to apply again, so a run that stopped between chunks is finished by running it again.
 */
export type TransactionChunks = {
  commit(parts: readonly TransactionPart[], size?: number): Promise<void>;
};

export function createTransactionChunks(db: DynamoDBDocumentClient): TransactionChunks {
  return {
    async commit(parts, size = MAX_TRANSACTION_ITEMS) {
      const chunkSize = Math.max(1, Math.min(size, MAX_TRANSACTION_ITEMS));
      for (let start = 0; start < parts.length; start += chunkSize) {
        const chunk = parts.slice(start, start + chunkSize);
        for (let attempt = 1; ; attempt++) {
          try {
            await db.send(new TransactWriteCommand({ TransactItems: [...chunk] }));
            break;
          } catch (error) {
            if (!isConflict(error) || attempt >= 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
          }
        }
      }
    },
  };
}
