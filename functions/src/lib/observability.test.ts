import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../services/telemetry.ts';
import { powertoolsMetrics } from './business-metrics.ts';
import { countServerError, flushMetrics } from './observability.ts';

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
    countServerError('orders', true);
    emf.restore();
    expect(emf.lines).toHaveLength(1);
    const line = emf.lines[0] as unknown as Emf & Record<string, unknown>;
    expect(line._aws.CloudWatchMetrics[0]!.Dimensions[0]!.sort()).toEqual(['domain', 'service']);
    expect(line).toMatchObject({ service: 'gutscheinmarkt', domain: 'orders', ServerErrors: 1 });
  });

  it('writes the ServerErrors line Powertools wrote for it (the alarms match that line)', () => {
    const emf = captureEmf();
    countServerError('payments', true);
    const single = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE }).singleMetric();
    single.addDimension('domain', 'payments');
    single.addMetric('ServerErrors', MetricUnit.Count, 1);
    emf.restore();
    expect(emf.lines).toHaveLength(2);
    const [ours, powertools] = emf.lines.map((line) => {
      const { _aws, ...fields } = line as unknown as Emf & { _aws: { Timestamp: number } };
      expect(_aws.Timestamp).toBeGreaterThan(Date.now() - 60_000);
      const [directive] = _aws.CloudWatchMetrics;
      return { ...fields, directive: { ...directive, Dimensions: directive!.Dimensions.map((d) => [...d].sort()) } };
    });
    expect(ours).toEqual(powertools);
  });

  it('flushes the business metrics of the container at the end of the invocation, once they were built', async () => {
    const emf = captureEmf();
    const port = powertoolsMetrics(undefined, true);
    port.count('OrdersPaid');
    const end = flushMetrics<unknown, unknown>();
    await end.after!({} as never);
    port.count('OrdersPaid', 2);
    await end.onError!({} as never);
    await end.after!({} as never);
    emf.restore();
    expect(emf.lines.map((line) => line.OrdersPaid)).toEqual([1, 2]);
  });

  it('emits nothing off Lambda (no CloudWatch locally)', () => {
    const emf = captureEmf();
    const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    const target = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, logger: quiet });
    powertoolsMetrics(target, false).count('OrdersPaid');
    countServerError('orders', false);
    target.publishStoredMetrics();
    emf.restore();
    expect(emf.lines).toEqual([]);
  });
});
