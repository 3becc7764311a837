import type { SearchSnapshotStore } from '../../adapters/search-snapshot-store.ts';
import type { SearchSnapshotPointer, SearchSnapshotRepository } from '../../repositories/search-snapshot-repository.ts';
import type { CatalogueEntry, VoucherRepository } from '../../repositories/voucher-repository.ts';
import type { Log } from '../telemetry.ts';
import { encodeSearchSnapshot } from './search-snapshot.ts';

export type SnapshotBuilderDeps = {
  vouchers: Pick<VoucherRepository, 'listCatalogue'>;
  searchSnapshots: SearchSnapshotRepository;
  searchSnapshotStore: SearchSnapshotStore;
  clock: () => Date;
  newToken: () => string;
  log: Log;
};

/**
 * A change of the catalogue projection as the stream reports it: `content` changes what a search
 * finds or shows (create, edit, (de)activation, delete); `popularity` only moved `sold_count` (a sale).
 * `at` is when the change was committed, in ms (DynamoDB gives whole seconds, rounded down).
 */
export type CatalogueChange = { kind: 'content' | 'popularity'; at: number };

/**
 * A sale only reorders 'Beliebteste': those changes wait until the snapshot is this old, so a busy
 * day does not re-read the whole projection every few seconds (docs/architecture.md, "Catalogue search").
 */
export const POPULARITY_REFRESH_MS = 5 * 60_000;

/**
 * Whether a batch of changes needs a new snapshot. Not when the current snapshot started reading
 * after the newest change (a retry, or a batch another builder already covered); a content change
 * always; sales only once the snapshot is POPULARITY_REFRESH_MS old.
 */
export function needsRebuild(
  changes: readonly CatalogueChange[],
  current: Pick<SearchSnapshotPointer, 'version'> | undefined,
  now: number,
): boolean {
  if (changes.length === 0) return false;
  if (!current) return true;
  const newest = Math.max(...changes.map((c) => c.at));
  // The change happened within the second `newest`; a read started after that second has it.
  if (current.version >= newest + 1000) return false;
  if (changes.some((c) => c.kind === 'content')) return true;
  return now - current.version >= POPULARITY_REFRESH_MS;
}

/**
 * Reads the whole projection, encodes the snapshot, stores it and makes it current. The previous
 * snapshot's predecessor is deleted: containers still loading the previous one can finish.
 */
export async function buildSearchSnapshot(
  deps: SnapshotBuilderDeps,
  /** The projection read already (local stand-in); `version` is when that read started. */
  read?: { version: number; entries: CatalogueEntry[] },
): Promise<SearchSnapshotPointer | undefined> {
  const version = read?.version ?? deps.clock().getTime();
  const started = performance.now();
  const entries = read?.entries ?? (await deps.vouchers.listCatalogue(true));
  const readDone = performance.now();
  const before = await deps.searchSnapshots.get();
  if (before && before.version >= version) return undefined;
  const raw = encodeSearchSnapshot(entries, { version, built_at: new Date(version).toISOString() });
  const stored = await deps.searchSnapshotStore.put(version, raw, deps.newToken());
  const pointer: SearchSnapshotPointer = {
    version,
    key: stored.key,
    built_at: deps.clock().toISOString(),
    entries: entries.length,
    bytes: stored.bytes,
    raw_bytes: stored.raw_bytes,
    ...(before ? { previous_key: before.key } : {}),
  };
  if (!(await deps.searchSnapshots.swap(pointer))) {
    // A newer snapshot won meanwhile: ours is never named.
    await deps.searchSnapshotStore.delete(stored.key).catch(() => undefined);
    return undefined;
  }
  if (before?.previous_key) {
    await deps.searchSnapshotStore
      .delete(before.previous_key)
      .catch((error: unknown) =>
        deps.log.warn('old search snapshot not deleted', { key: before.previous_key, error: String(error) }),
      );
  }
  deps.log.info('search snapshot built', {
    version,
    entries: entries.length,
    bytes: stored.bytes,
    raw_bytes: stored.raw_bytes,
    read_ms: Math.round(readDone - started),
    total_ms: Math.round(performance.now() - started),
  });
  return pointer;
}
