/**
 * The single table's shape, used by the CDK stateful stack and by the local DynamoDB set-up alike,
 * so the two can never drift. Every key format lives in the repositories; docs/data-model.md lists them.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  /** The table's stream (issue 15): the stats aggregator and other off-path consumers read both images. */
  stream: 'NEW_AND_OLD_IMAGES',
  globalIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
} as const;

export type GsiName = (typeof TABLE_DEFINITION.globalIndexes)[number]['indexName'];

/** The index names, for grants that name each index (never `index/*`). */
export const GSI_NAMES: readonly GsiName[] = TABLE_DEFINITION.globalIndexes.map((index) => index.indexName);
