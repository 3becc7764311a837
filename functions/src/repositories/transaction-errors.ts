import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** Indexes of the transaction items whose condition failed, or undefined if the error is something else. */
export function failedConditions(error: unknown): number[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  const reasons = error.CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return (error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';
}

/** A transaction cancelled because another one held one of its items at that instant (worth a retry). */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof TransactionCanceledException)) return false;
  return (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');
}
