/**
 * Waits until the stream stand-in (scripts/dev/stream-stand-in.ts) has handed every record written
 * so far to its consumers, so the aggregated counters (issue 15: dashboards, admin overview, user
 * stats) include every sale, redemption and reversal made before the call. No sleeping: the
 * stand-in answers once a pass begun after the request found nothing new.
 */
export async function aggregatesCaughtUp(): Promise<void> {
  const base = process.env.STREAM_STAND_IN_URL;
  if (!base) throw new Error('STREAM_STAND_IN_URL is not set: the local cloud was not started');
  const response = await fetch(`${base}/__streams/caught-up`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`stream stand-in: ${response.status} ${await response.text()}`);
  const dead = (await (await fetch(`${base}/__streams/dead-letters`)).json()) as { dead: unknown[] };
  if (dead.dead.length > 0) throw new Error(`stream records failed for good: ${JSON.stringify(dead.dead)}`);
}
