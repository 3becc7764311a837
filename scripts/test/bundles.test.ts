import { describe, expect, it } from 'vitest';
import { lambdaEntries, statsOf } from './bundles.ts';

const input = (bytesInOutput: number) => ({ bytes: bytesInOutput, bytesInOutput, imports: [] });
const KB = 1024;

describe('bundle stats', () => {
  it('counts everything but @aws-sdk/@smithy/@aws-crypto against the plain budget and names the biggest inputs', () => {
    const stats = statsOf(
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
    expect(stats.overCeiling).toBeUndefined();
  });

  it('holds each class to the ceiling npm test enforces until the budgets are met', () => {
    const plain = statsOf(
      { name: 'GET voucher', file: '/x.ts', stripeAllowed: false },
      { bytes: 500 * KB, inputs: { 'node_modules/zod/v4/core/schemas.js': input(500 * KB) } },
    );
    expect(plain.overCeiling).toMatch(
      /^500\.0 KB beyond the AWS SDK > 480 KB \(plain ceiling\); biggest inputs: zod 500\.0 KB$/,
    );
    const heavy = statsOf(
      { name: 'POST order/download-voucher', file: '/x.ts', stripeAllowed: false },
      { bytes: 500 * KB, inputs: { 'node_modules/pdf-lib/es/index.js': input(500 * KB) } },
    );
    expect(heavy.overCeiling).toBeUndefined();
  });

  it('gives bundles with Stripe or pdf-lib the 600 KB budget, from their own inputs', () => {
    const withPdf = statsOf(
      { name: 'POST order/download-voucher', file: '/x.ts', stripeAllowed: false },
      { bytes: 590 * KB, inputs: { 'node_modules/pdf-lib/es/index.js': input(400 * KB) } },
    );
    expect(withPdf).toMatchObject({ pdf: true, stripe: false, heavy: true, budgetBytes: 600 * KB });
    expect(withPdf.violation).toBeUndefined();
    const withStripe = statsOf(
      { name: 'jobs/payouts', file: '/x.ts' },
      { bytes: 700 * KB, inputs: { 'node_modules/stripe/esm/stripe.esm.node.js': input(240 * KB) } },
    );
    expect(withStripe).toMatchObject({ stripe: true, stripeAllowed: undefined, heavy: true });
    expect(withStripe.violation).toMatch(/^700\.0 KB beyond the AWS SDK > 600 KB \(Stripe\/PDF budget\)/);
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
