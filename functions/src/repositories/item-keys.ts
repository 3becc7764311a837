/**
 * The attributes that only place an item in the table and its indexes: the primary key, the three
 * GSI keys and the `entity` type tag (docs/data-model.md §1). They are never domain data, so
 * repositories drop them before handing a record to a service. Kept in step with TABLE_DEFINITION
 * by item-keys.test.ts (not imported from it, so a Lambda bundle carries only these names).
 */
export const KEY_ATTRIBUTES = [
  'PK',
  'SK',
  'GSI1PK',
  'GSI1SK',
  'GSI2PK',
  'GSI2SK',
  'GSI3PK',
  'GSI3SK',
  'entity',
] as const;

export type KeyAttribute = (typeof KEY_ATTRIBUTES)[number];

const KEYS: ReadonlySet<string> = new Set(KEY_ATTRIBUTES);

/**
 * A copy of `item` without the key attributes and without the `extra` attribute names given (e.g.
 * `ttl`, `search_text`, `claim_token`: stored for the table's sake, not part of the record). The
 * input is left as it is.
 */
export function withoutKeys<T extends Record<string, unknown>, E extends string = never>(
  item: T,
  ...extra: readonly E[]
): Omit<T, KeyAttribute | E> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (!KEYS.has(name) && !(extra as readonly string[]).includes(name)) out[name] = value;
  }
  return out as Omit<T, KeyAttribute | E>;
}
