import { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../services/telemetry.ts';
import { countServerError, powertoolsMetrics } from './observability.ts';

/** The EMF lines Powertools writes to stdout (CloudWatch turns them into metrics on AWS). */
function captureEmf() {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = String(chunk).trim();
    if (text.includes('"_aws"')) lines.push(JSON.parse(text) as Record<string, unknown>);
    return true;
  });
  return { lines, restore: () => spy.mockRestore() };
}

type Emf = {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
};

afterEach(() => vi.restoreAllMocks());

describe('Powertools metrics behind the services’ port', () => {
  it('writes a business count with the namespace and the one service dimension the alarms match', () => {
    const emf = captureEmf();
    const target = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });
    const port = powertoolsMetrics(target, true);
    port.count('Redemptions');
    port.count('Redemptions');
    target.publishStoredMetrics();
    emf.restore();
    expect(emf.lines).toHaveLength(1);
    const line = emf.lines[0] as unknown as Emf & Record<string, unknown>;
    expect(line._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'Gutscheinmarkt',
      Dimensions: [['service']],
      Metrics: [{ Name: 'Redemptions', Unit: 'Count' }],
    });
    expect(line).toMatchObject({ service: 'gutscheinmarkt', Redemptions: [1, 1] });
  });

  it('counts an unexpected 500 on its own line with the domain dimension', () => {
    const emf = captureEmf();
    countServerError('orders', new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE }), true);
    emf.restore();
    expect(emf.lines).toHaveLength(1);
    const line = emf.lines[0] as unknown as Emf & Record<string, unknown>;
    expect(line._aws.CloudWatchMetrics[0]!.Dimensions[0]!.sort()).toEqual(['domain', 'service']);
    expect(line).toMatchObject({ service: 'gutscheinmarkt', domain: 'orders', ServerErrors: 1 });
  });

  it('emits nothing off Lambda (no CloudWatch locally)', () => {
    const emf = captureEmf();
    const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    const target = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, logger: quiet });
    powertoolsMetrics(target, false).count('OrdersPaid');
    countServerError('orders', target, false);
    target.publishStoredMetrics();
    emf.restore();
    expect(emf.lines).toEqual([]);
  });
});
