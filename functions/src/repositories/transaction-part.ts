import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * One item of a `TransactWriteItems` call, built by the repository that owns its keys. Services
 * pass these opaque parts from one repository to another (e.g. the seller's company, verification
 * and payout items into the user repository's create transaction) without touching keys themselves.
 */
export type TransactionPart = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
