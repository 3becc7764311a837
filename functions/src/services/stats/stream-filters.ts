/**
 * Stream filter patterns (Lambda event filtering syntax, the subset we use: lists of exact strings
 * and `{ prefix }`): CDK passes them to the event source mapping (`FilterCriteria`), and the local
 * stream stand-in applies them with `matchesStreamFilters`, so the two never drift.
 */
export type FilterRule = string | { prefix: string };
export type FilterPattern = { [key: string]: FilterPattern | readonly FilterRule[] };

/**
 * The stats aggregator's records (services/stats/stats-deltas.ts): order lines that are completed
 * (a sale or, later, a reversal), redemptions (inserted or revoked) and new audit entries (the audit
 * lists' row counts); and new invoice drafts, which the same Lambda numbers
 * (services/orders/number-invoices.ts). Removals never count.
 */
export const STATS_STREAM_FILTERS: readonly FilterPattern[] = [
  {
    eventName: ['INSERT', 'MODIFY'],
    dynamodb: {
      Keys: { PK: { S: [{ prefix: 'ORDER#' }] }, SK: { S: ['ORDER'] } },
      NewImage: { status: { S: ['completed'] } },
    },
  },
  {
    eventName: ['INSERT', 'MODIFY'],
    dynamodb: { Keys: { PK: { S: [{ prefix: 'REDEMPTION#' }] }, SK: { S: ['REDEMPTION'] } } },
  },
  {
    eventName: ['INSERT'],
    dynamodb: { Keys: { PK: { S: [{ prefix: 'AUDIT#' }] }, SK: { S: ['AUDIT'] } } },
  },
  {
    eventName: ['INSERT'],
    dynamodb: { Keys: { PK: { S: [{ prefix: 'ORDER#' }] }, SK: { S: ['INVOICE_DRAFT'] } } },
  },
];

function matches(value: unknown, pattern: FilterPattern | readonly FilterRule[]): boolean {
  if (Array.isArray(pattern)) {
    return (pattern as readonly FilterRule[]).some((rule) =>
      typeof rule === 'string' ? value === rule : typeof value === 'string' && value.startsWith(rule.prefix),
    );
  }
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern as FilterPattern).every(([key, inner]) =>
    matches((value as Record<string, unknown>)[key], inner),
  );
}

/** True when the record matches any of the patterns (as Lambda's filtering decides). */
export function matchesStreamFilters(record: unknown, patterns: readonly FilterPattern[]): boolean {
  return patterns.some((pattern) => matches(record, pattern));
}
