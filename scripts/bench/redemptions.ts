import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { formatEuro } from '@gm/shared/money/money';
import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { createTestAccount, type TestAccount } from '../test/accounts.ts';
import { startLocalStack } from '../test/global-setup-int.ts';
import { issueOwnedVoucher } from '../test/owned-voucher.ts';
import type { LoadAnswer } from './load-client.ts';
import { machineInfo, stopWithin, writeSectionReport, type Figure, type SectionResult } from './report.ts';
import { runPool, summarise } from './stats.ts';

/**
 * Redemptions under load (issue 15, "One report"), through the real `POST redemption` route of the
 * local API with scanner and seller tokens (each request its own Idempotency-Key):
 * - one voucher, 100 redemptions sent at once: a value voucher of 50 € and 3 € per request, so
 *   exactly 16 may succeed (⌊5000 / 300⌋); every other one must get the spec's refusal (422 "Es können
 *   höchstens 2,00 € eingelöst werden." once the balance is below 3 €). The ledger and the balance are
 *   read back afterwards.
 * - 200 different vouchers (of 10 sellers, each with a scanner) redeemed at once: throughput and latency.
 * The requests come from a separate process (scripts/bench/load-client.ts), so the client's work is
 * not queued in the event loop of the local API, which runs every handler in this process (a single
 * event loop: on AWS each request gets its own container). DynamoDB Local serialises transactions
 * (docs: toolchain), so contention on one item shows as retries and latency, not as conflicts.
 */
export type RedemptionBenchOptions = { quick?: boolean };

const ONE_VOUCHER = { requests: 100, value: 5000, ask: 300 } as const;
const CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

type Load = { method: string; url: string; headers: Record<string, string>; body?: string };

function sendLoad(requests: Load[], concurrency: number): Promise<{ wall_ms: number; answers: LoadAnswer[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the load client exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as { wall_ms: number; answers: LoadAnswer[] });
    });
    child.stdin.end(JSON.stringify({ concurrency, requests }));
  });
}

function redeemRequest(apiUrl: string, who: TestAccount, body: Record<string, unknown>): Load {
  return {
    method: 'POST',
    url: `${apiUrl}redemption`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
    },
    body: JSON.stringify(body),
  };
}

/** "422 <message>" / "201" per answer, counted. */
function outcomes(answers: readonly LoadAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const message = (a.body as { message?: string } | undefined)?.message;
    const key = a.status === 201 ? '201 redeemed' : `${a.status} ${message ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function measure(opts: RedemptionBenchOptions) {
  const different = opts.quick ? 50 : 200;
  const sellerCount = opts.quick ? 5 : 10;
  console.log('[bench] redemptions: starting the local cloud and the local API…');
  process.env.GM_CAPABILITIES = 'off';
  const stack = await startLocalStack();
  try {
    delete process.env.USER_STATUS_CACHE_SECONDS;
    delete process.env.CATALOGUE_CACHE_SECONDS;
    const [{ resetEnvCache }, { redemptions, userVouchers }] = await Promise.all([
      import('../../functions/src/lib/env.ts'),
      import('../../functions/src/lib/deps.ts'),
    ]);
    resetEnvCache();
    const apiUrl = stack.api.url;
    const buyer = await createTestAccount('user');
    const teams = await runPool(
      Array.from({ length: sellerCount }, (_, i) => i),
      2,
      async () => {
        const seller = await createTestAccount('seller');
        const scanner = await createTestAccount('scanner', { seller_id: seller.userId, is_active: true });
        return { seller, scanner };
      },
    );
    const value = (v: number) => ({
      type: 'value' as const,
      value: v,
      remaining_value: v,
      qty: 1,
      remaining_qty: 1,
      valid_until: '2099-12-31',
    });

    // 1. One voucher, 100 at once (seller and scanner alternating).
    const team = teams[0]!;
    // Warm the route for both roles first (a cold module load is not what this measures).
    const warm = await issueOwnedVoucher(buyer.userId, { seller_id: team.seller.userId, ...value(5000) });
    for (const who of [team.seller, team.scanner])
      await sendLoad([redeemRequest(apiUrl, who, { order_id: warm.id, value: 100 })], 1);
    const one = await issueOwnedVoucher(buyer.userId, { seller_id: team.seller.userId, ...value(ONE_VOUCHER.value) });
    const allowed = Math.floor(ONE_VOUCHER.value / ONE_VOUCHER.ask);
    const left = ONE_VOUCHER.value - allowed * ONE_VOUCHER.ask;
    const refusal = REDEMPTION_TEXT.tooMuchValue(formatEuro(left));
    console.log(`[bench] redemptions: ${ONE_VOUCHER.requests} at once on one voucher…`);
    const sameRun = await sendLoad(
      Array.from({ length: ONE_VOUCHER.requests }, (_, i) =>
        redeemRequest(apiUrl, i % 2 ? team.scanner : team.seller, { order_id: one.id, value: ONE_VOUCHER.ask }),
      ),
      ONE_VOUCHER.requests,
    );
    const successes = sameRun.answers.filter((a) => a.status === 201).length;
    const refused = sameRun.answers.filter(
      (a) => a.status === 422 && (a.body as { message?: string }).message === refusal,
    ).length;
    const after = await userVouchers().get(one.id);
    const ledger = await redemptions().listByUserVoucher(one.id);
    const ledgerSum = ledger.reduce((sum, r) => sum + r.redeemed_value, 0);
    const exact =
      successes === allowed &&
      refused === ONE_VOUCHER.requests - allowed &&
      ledger.length === allowed &&
      after?.remaining_value === left &&
      ledgerSum === ONE_VOUCHER.value - left;

    // 2. Different vouchers, all at once, spread over the sellers.
    console.log(`[bench] redemptions: seeding ${different} vouchers of ${sellerCount} sellers…`);
    const targets = await runPool(
      Array.from({ length: different }, (_, i) => teams[i % teams.length]!),
      4,
      async (t) => ({
        team: t,
        uv: await issueOwnedVoucher(buyer.userId, { seller_id: t.seller.userId, ...value(5000) }),
      }),
    );
    console.log(`[bench] redemptions: ${different} different vouchers at once…`);
    const spreadRun = await sendLoad(
      targets.map(({ team: t, uv }, i) =>
        redeemRequest(apiUrl, i % 2 ? t.scanner : t.seller, { order_id: uv.id, value: 1000 }),
      ),
      different,
    );
    const spreadOk = spreadRun.answers.filter((a) => a.status === 201).length;
    return {
      date: new Date().toISOString(),
      one_voucher: {
        requests: ONE_VOUCHER.requests,
        value_cents: ONE_VOUCHER.value,
        ask_cents: ONE_VOUCHER.ask,
        allowed,
        successes,
        refused_with_spec_message: refused,
        refusal_message: refusal,
        outcomes: outcomes(sameRun.answers),
        remaining_value_after: after?.remaining_value ?? null,
        ledger_entries: ledger.length,
        ledger_sum_cents: ledgerSum,
        exact,
        wall_ms: sameRun.wall_ms,
        latency: summarise(sameRun.answers.map((a) => a.ms)),
      },
      different_vouchers: {
        requests: different,
        sellers: sellerCount,
        successes: spreadOk,
        outcomes: outcomes(spreadRun.answers),
        wall_ms: spreadRun.wall_ms,
        throughput_rps: Math.round((different / (spreadRun.wall_ms / 1000)) * 10) / 10,
        latency: summarise(spreadRun.answers.map((a) => a.ms)),
      },
      machine: machineInfo(),
    };
  } finally {
    await stopWithin(stack, 20_000);
  }
}

function markdown(r: Awaited<ReturnType<typeof measure>>): string {
  const f = (n: number) => n.toFixed(1);
  const o = r.one_voucher;
  const d = r.different_vouchers;
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([k, n]) => `${n} × ${k}`)
      .join('; ');
  return `## Redemptions under load

Measured by scripts/bench/redemptions.ts on ${r.date}: the real \`POST redemption\` route through the local API with seller and scanner tokens, a fresh Idempotency-Key per request, sent all at once from a separate client process. DynamoDB Local serialises transactions, so contention shows as the service's re-reads and retries (latency), not as TransactionConflict.

### ${o.requests} redemptions of one voucher at once

A value voucher of ${formatEuro(o.value_cents)}, each request redeems ${formatEuro(o.ask_cents)}: exactly ${o.allowed} may succeed; the others must be refused with "${o.refusal_message}" (422).

| | |
|---|---|
| successes (201) | **${o.successes}** of ${o.allowed} allowed |
| refused with the spec's message (422) | ${o.refused_with_spec_message} |
| all answers | ${list(o.outcomes)} |
| ledger entries / sum | ${o.ledger_entries} / ${formatEuro(o.ledger_sum_cents)} |
| balance after | ${o.remaining_value_after === null ? '–' : formatEuro(o.remaining_value_after)} |
| exact | **${o.exact ? 'yes' : 'NO'}** |
| wall time | ${f(o.wall_ms)} ms |
| latency p50 / p95 / max | ${f(o.latency.p50)} / ${f(o.latency.p95)} / ${f(o.latency.max)} ms |

### ${d.requests} redemptions of different vouchers at once

${d.requests} vouchers of ${d.sellers} sellers, ${formatEuro(1000)} each, every request on its own voucher.

| | |
|---|---|
| answers | ${list(d.outcomes)} |
| throughput | **${d.throughput_rps} req/s** (${d.requests} in ${f(d.wall_ms)} ms) |
| latency p50 / p95 / max | ${f(d.latency.p50)} / ${f(d.latency.p95)} / ${f(d.latency.max)} ms |

All handlers run in one Node process here (one event loop, shared with DynamoDB Local's host); on AWS every concurrent request gets its own container, so the throughput here is a floor set by this machine, not by the design.
`;
}

export async function measureRedemptions(opts: RedemptionBenchOptions = {}): Promise<SectionResult> {
  const r = await measure(opts);
  const figures: Figure[] = [
    {
      name: `${r.one_voucher.requests} concurrent redemptions of one voucher: successes`,
      value: `${r.one_voucher.successes} (allowed ${r.one_voucher.allowed}; ${r.one_voucher.refused_with_spec_message} refused)`,
      budget: `exactly ${r.one_voucher.allowed}, the rest refused`,
      pass: r.one_voucher.exact,
    },
    {
      name: `${r.different_vouchers.requests} concurrent redemptions of different vouchers: throughput`,
      value: r.different_vouchers.throughput_rps,
      unit: 'req/s',
      budget: `all ${r.different_vouchers.requests} succeed`,
      pass: r.different_vouchers.successes === r.different_vouchers.requests,
    },
    {
      name: `${r.different_vouchers.requests} concurrent redemptions of different vouchers: p50 / p95`,
      value: `${r.different_vouchers.latency.p50.toFixed(0)} / ${r.different_vouchers.latency.p95.toFixed(0)} ms`,
    },
  ];
  return { json: r, markdown: markdown(r), figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeSectionReport('bench-redemptions', await measureRedemptions({ quick: process.argv.includes('--quick') }));
}
