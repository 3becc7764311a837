import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthApp, type SynthesisedApp } from './synth-app.ts';

/** CloudFormation refuses templates over 500 resources; keep headroom for new routes. */
const LIMIT = 450;

describe('resource limits', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthApp();
  }, 60_000);
  afterAll(() => synth.cleanup());

  it(`keeps every stack and nested stack below ${LIMIT} resources`, () => {
    const counts = [...synth.templates].map(([path, { template }]) => ({
      path,
      resources: Object.keys(template.toJSON().Resources ?? {}).length,
    }));
    console.table(counts);
    expect(counts.length).toBeGreaterThanOrEqual(4);
    for (const { path, resources } of counts) expect(resources, path).toBeLessThan(LIMIT);
  });
});
