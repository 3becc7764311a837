import { describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { lambdaEntries, PLAIN_CEILING_BYTES, reachedPastSdk, statsOf, type LambdaEntry } from './bundles.ts';

const input = (bytesInOutput: number) => ({ bytesInOutput });
const KB = 1024;
const ENTRY = 'functions/src/handlers/x.ts';

/**
 * A bundle's stats from a synthetic metafile: `inputs` (bytes in the output) and the import graph,
 * by default the entry importing every input directly.
 */
function statsFor(
  entry: LambdaEntry,
  { bytes, inputs }: { bytes: number; inputs: Record<string, { bytesInOutput: number }> },
  imports: Record<string, string[]> = { [ENTRY]: Object.keys(inputs) },
) {
  return statsOf(entry, { bytes, inputs, entryPoint: ENTRY }, graph(imports));
}

function graph(imports: Record<string, string[]>): Metafile['inputs'] {
  const files = new Set([...Object.keys(imports), ...Object.values(imports).flat()]);
  return Object.fromEntries(
    [...files].map((file) => [
      file,
      { bytes: 1, imports: (imports[file] ?? []).map((p) => ({ path: p, kind: 'import-statement' as const })) },
    ]),
  );
}

describe('bundle stats', () => {
  it('counts everything but @aws-sdk/@smithy/@aws-crypto against the plain budget and names the biggest inputs', () => {
    const stats = statsFor(
      { name: 'GET voucher', file: '/x.ts', stripeAllowed: false },
      {
        bytes: 500 * KB,
        inputs: {
          'node_modules/@aws-sdk/client-dynamodb/dist-es/index.js': input(300 * KB),
          'node_modules/@smithy/core/dist-es/index.js': input(20 * KB),
          'node_modules/zod/v4/core/schemas.js': input(100 * KB),
          'functions/src/routes.ts': input(60 * KB),
          'node_modules/jose/dist/index.js': input(20 * KB),
        },
      },
    );
    expect(stats.beyondSdkBytes).toBe(180 * KB);
    expect(stats.sdkClients).toEqual(['@aws-sdk/client-dynamodb']);
    expect(stats.heavy).toBe(false);
    expect(stats.violation).toBe(
      '180.0 KB beyond the AWS SDK > 150 KB (plain budget); biggest inputs: zod 100.0 KB, our code 60.0 KB (largest functions/src/routes.ts 60.0 KB), jose 20.0 KB',
    );
    // The ceiling npm test holds is the budget itself now.
    expect(stats.overCeiling).toBe(
      '180.0 KB beyond the AWS SDK > 150 KB (plain ceiling); biggest inputs: zod 100.0 KB, our code 60.0 KB (largest functions/src/routes.ts 60.0 KB), jose 20.0 KB',
    );
  });

  it('tells classic zod (every method on every schema) from zod/mini', () => {
    const mini = {
      'node_modules/zod/v4/mini/schemas.js': input(30 * KB),
      'node_modules/zod/v4/core/schemas.js': input(20 * KB),
    };
    const classic = { ...mini, 'node_modules/zod/v4/classic/schemas.js': input(50 * KB) };
    const entry = { name: 'GET voucher', file: '/x.ts', stripeAllowed: false };
    expect(statsFor(entry, { bytes: 50 * KB, inputs: mini }).classicZod).toBe(false);
    expect(statsFor(entry, { bytes: 100 * KB, inputs: classic }).classicZod).toBe(true);
  });

  it('holds each class to the ceiling npm test enforces', () => {
    const plain = statsFor(
      { name: 'GET voucher', file: '/x.ts', stripeAllowed: false },
      { bytes: 500 * KB, inputs: { 'node_modules/zod/v4/core/schemas.js': input(500 * KB) } },
    );
    expect(plain.overCeiling).toBe(
      `500.0 KB beyond the AWS SDK > ${PLAIN_CEILING_BYTES / KB} KB (plain ceiling); biggest inputs: zod 500.0 KB`,
    );
    const heavy = statsFor(
      { name: 'POST order/download-voucher', file: '/x.ts', stripeAllowed: false },
      { bytes: 500 * KB, inputs: { 'node_modules/pdf-lib/es/index.js': input(500 * KB) } },
    );
    expect(heavy.overCeiling).toBeUndefined();
  });

  it('gives bundles with Stripe or pdf-lib the 600 KB budget, from their own inputs', () => {
    const withPdf = statsFor(
      { name: 'POST order/download-voucher', file: '/x.ts', stripeAllowed: false },
      { bytes: 590 * KB, inputs: { 'node_modules/pdf-lib/es/index.js': input(400 * KB) } },
    );
    expect(withPdf).toMatchObject({ pdf: true, stripe: false, heavy: true, budgetBytes: 600 * KB });
    expect(withPdf.violation).toBeUndefined();
    const withStripe = statsFor(
      { name: 'jobs/payouts', file: '/x.ts' },
      { bytes: 700 * KB, inputs: { 'node_modules/stripe/esm/stripe.esm.node.js': input(240 * KB) } },
    );
    expect(withStripe).toMatchObject({ stripe: true, stripeAllowed: undefined, heavy: true });
    expect(withStripe.violation).toMatch(/^700\.0 KB beyond the AWS SDK > 600 KB \(Stripe\/PDF budget\)/);
  });

  it('counts a package as the SDK runtime when every import chain to it passes through the SDK', () => {
    const imports = {
      [ENTRY]: ['functions/src/lib/deps.ts', 'node_modules/tslib/tslib.es6.mjs'],
      'functions/src/lib/deps.ts': [
        'node_modules/@aws-sdk/client-dynamodb/dist-es/index.js',
        'node_modules/jose/index.js',
      ],
      'node_modules/@aws-sdk/client-dynamodb/dist-es/index.js': [
        'node_modules/@aws-sdk/endpoint-cache/dist-es/index.js',
        'node_modules/tslib/tslib.es6.mjs',
        'node_modules/fast-xml-parser/src/fxp.js',
      ],
      'node_modules/@aws-sdk/endpoint-cache/dist-es/index.js': ['node_modules/mnemonist/lru-cache.js'],
      'node_modules/mnemonist/lru-cache.js': ['node_modules/obliterator/iterator.js'],
      'node_modules/fast-xml-parser/src/fxp.js': ['node_modules/strnum/strnum.js'],
      // jose is ours; what it imports is ours too, even if the SDK imports it as well.
      'node_modules/jose/index.js': ['node_modules/uuid/index.js'],
      'node_modules/@smithy/core/index.js': ['node_modules/uuid/index.js'],
    };
    expect([...reachedPastSdk(graph(imports), ENTRY)].sort()).toEqual(['(app)', 'jose', 'tslib', 'uuid']);

    const b = statsFor(
      { name: 'GET voucher', file: '/x.ts', stripeAllowed: false },
      {
        bytes: 200 * KB,
        inputs: {
          [ENTRY]: input(1 * KB),
          'functions/src/lib/deps.ts': input(9 * KB),
          'node_modules/@aws-sdk/client-dynamodb/dist-es/index.js': input(100 * KB),
          'node_modules/@aws-sdk/endpoint-cache/dist-es/index.js': input(1 * KB),
          'node_modules/mnemonist/lru-cache.js': input(5 * KB),
          'node_modules/obliterator/iterator.js': input(2 * KB),
          'node_modules/fast-xml-parser/src/fxp.js': input(30 * KB),
          'node_modules/strnum/strnum.js': input(2 * KB),
          'node_modules/tslib/tslib.es6.mjs': input(10 * KB),
          'node_modules/jose/index.js': input(20 * KB),
          'node_modules/uuid/index.js': input(20 * KB),
        },
      },
      imports,
    );
    // Ours: the entry, deps.ts, tslib (imported by our entry too), jose and uuid (through jose).
    expect(b.beyondSdkBytes).toBe(60 * KB);
    expect(b.sdkRuntime).toEqual([
      { name: 'fast-xml-parser', bytes: 30 * KB },
      { name: 'mnemonist', bytes: 5 * KB },
      { name: 'obliterator', bytes: 2 * KB },
      { name: 'strnum', bytes: 2 * KB },
    ]);
    expect(b.packages.map((p) => p.name)).toEqual(['jose', 'uuid', '(app)', 'tslib']);
  });

  it('takes every manifest route (Stripe allowed by STRIPE_KEYS) and the jobs, workers and triggers', () => {
    const entries = lambdaEntries();
    expect(entries.find((e) => e.name === 'POST stripe/webhook')?.stripeAllowed).toBe(true);
    expect(entries.find((e) => e.name === 'POST auth/login')?.stripeAllowed).toBe(false);
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(['jobs/payouts', 'workers/mail-queue', 'triggers/pre-token-generation']),
    );
  });
});
