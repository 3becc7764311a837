import { createHash } from 'node:crypto';
import { silentLog } from '../../functions/src/services/telemetry.ts';
import type { RouteLike } from './api-gateway-event.ts';

/**
 * The local stand-in's shortcut for the search snapshot (docs/architecture.md, "Catalogue search").
 * On AWS the table's stream calls the snapshot worker a few seconds after a catalogue change; tests
 * and the demo write and then search at once. So before a route that reads the snapshot, the local
 * API brings it up to date here: it reads the projection and, when it changed since the last build,
 * builds and publishes a snapshot with the worker's own code. The stream path itself is tested in
 * functions/src/workers/search-snapshot.int.test.ts.
 */
/** The projection's digest at the last build of this process (the start-up build and the hook share it). */
let built: string | undefined;

export function createSearchSnapshotSync(): () => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  const sync = async () => {
    const [{ buildSearchSnapshot }, { searchSnapshotDeps }] = await Promise.all([
      import('../../functions/src/services/catalogue/build-search-snapshot.ts'),
      import('../../functions/src/workers/search-snapshot.ts'),
    ]);
    // Quiet: tests would print a line per rebuild.
    const deps = { ...searchSnapshotDeps(), log: silentLog };
    const version = Date.now();
    const entries = await deps.vouchers.listCatalogue(true);
    const digest = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
    if (digest === built && (await deps.searchSnapshots.get())) return;
    if (await buildSearchSnapshot(deps, { version, entries })) built = digest;
  };
  // One at a time, each after the writes that came before its call.
  return () => {
    const next = queue.then(sync);
    queue = next.catch(() => undefined);
    return next;
  };
}

/** Whether a route reads the search snapshot (its declaration names the capability). */
export function readsSearchSnapshot(route: RouteLike): boolean {
  const uses = (route as RouteLike & { uses?: readonly { name: string }[] }).uses;
  return uses?.some((c) => c.name === 'search snapshot read') ?? false;
}

/**
 * The local API's hook: sync before each route that reads the snapshot. GM_SEARCH_SNAPSHOT_SYNC=off
 * leaves the snapshot to the stream consumer alone (scripts/dev/stream-consumers.ts).
 */
export function searchSnapshotHook(): ((route: RouteLike) => Promise<void>) | undefined {
  if (process.env.GM_SEARCH_SNAPSHOT_SYNC === 'off') return undefined;
  const sync = createSearchSnapshotSync();
  return async (route) => {
    if (readsSearchSnapshot(route)) await sync();
  };
}
