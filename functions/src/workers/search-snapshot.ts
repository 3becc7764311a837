import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { clock, log, newToken, resolve, searchSnapshots, searchSnapshotStore, vouchers } from '../lib/deps.ts';
import { observedHandler } from '../lib/observability.ts';
import {
  buildSearchSnapshot,
  needsRebuild,
  type CatalogueChange,
  type SnapshotBuilderDeps,
} from '../services/catalogue/build-search-snapshot.ts';

/**
 * The search snapshot worker (docs/architecture.md, "Catalogue search"): the table's stream,
 * filtered to the catalogue projection (`PK = CATALOGUE`) and batched over a window, calls it; it
 * rebuilds the snapshot once per batch unless the current one is newer than the batch's changes.
 * A failure throws, so the event source mapping retries the batch (bisecting it), then hands it
 * to the dead-letter queue; a later batch's rebuild covers those changes anyway.
 */
export const CATALOGUE_PARTITION = 'CATALOGUE';

type Image = Record<string, AttributeValue>;

/** What a stream record changed, or undefined for items outside the catalogue projection. */
export function catalogueChangeOf(record: DynamoDBRecord): CatalogueChange | undefined {
  const keys = record.dynamodb?.Keys as Image | undefined;
  if (keys?.PK?.S !== CATALOGUE_PARTITION) return undefined;
  const at = (record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000;
  if (record.eventName !== 'MODIFY') return { kind: 'content', at };
  const before = record.dynamodb?.OldImage as Image | undefined;
  const after = record.dynamodb?.NewImage as Image | undefined;
  if (!before || !after) return { kind: 'content', at };
  // A sale only ADDs sold_count: everything else equal (compared as stored) means only the popularity order moved.
  const { sold_count: _b, ...restBefore } = before;
  const { sold_count: _a, ...restAfter } = after;
  return { kind: sameJson(restBefore, restAfter) ? 'popularity' : 'content', at };
}

function sameJson(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value as Record<string, unknown>)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : Array.isArray(value)
        ? value.map(canonical)
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export function searchSnapshotConsumer(deps: () => SnapshotBuilderDeps) {
  return async (event: DynamoDBStreamEvent): Promise<{ rebuilt: boolean; version?: number }> => {
    const changes = (event.Records ?? []).map(catalogueChangeOf).filter((c): c is CatalogueChange => !!c);
    const d = deps();
    if (!needsRebuild(changes, await d.searchSnapshots.get(), d.clock().getTime())) return { rebuilt: false };
    const pointer = await buildSearchSnapshot(d);
    return pointer ? { rebuilt: true, version: pointer.version } : { rebuilt: false };
  };
}

/** The worker's production wiring. */
export const searchSnapshotDeps = (): SnapshotBuilderDeps =>
  resolve({ vouchers, searchSnapshots, searchSnapshotStore, clock, newToken, log });

export const handler = observedHandler('search-snapshot', searchSnapshotConsumer(searchSnapshotDeps));
