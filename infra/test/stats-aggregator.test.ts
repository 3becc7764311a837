import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { STATS_STREAM_FILTERS } from '@gm/functions/services/stats/stream-filters';
import { STATS_AGGREGATOR_MAPPING } from '../lib/constructs/stats-aggregator.ts';
import { resourcesOfType, synthApp, type SynthesisedApp } from './synth-app.ts';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation properties, asserted below
type Props = Record<string, any>;
const propsOf = (template: Template, type: string): Props[] =>
  resourcesOfType(template, type).map(([, resource]) => (resource.Properties ?? {}) as Props);

describe('stats aggregator (issue 15)', () => {
  let synth: SynthesisedApp;
  let template: Template;
  beforeAll(() => {
    synth = synthApp();
    template = synth.templates.get(synth.api.node.path)!.template;
  }, 60_000);
  afterAll(() => synth.cleanup());

  it('the table streams both images', () => {
    const table = synth.templates.get(synth.stateful.node.path)!.template;
    const [props] = propsOf(table, 'AWS::DynamoDB::Table');
    expect(props).toMatchObject({ StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
  });

  it('reads the stream filtered, batched, bisected on error, with a dead-letter queue', () => {
    const fn = synth.api.getLogicalId(synth.api.statsAggregator.worker.node.defaultChild as never);
    const mappings = propsOf(template, 'AWS::Lambda::EventSourceMapping').filter((p) =>
      JSON.stringify(p.FunctionName).includes(fn),
    );
    expect(mappings).toHaveLength(1);
    const props = mappings[0]!;
    expect(props).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: STATS_AGGREGATOR_MAPPING.batchSize,
      MaximumBatchingWindowInSeconds: STATS_AGGREGATOR_MAPPING.batchingWindowSeconds,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STATS_AGGREGATOR_MAPPING.retryAttempts,
    });
    expect(JSON.stringify(props.DestinationConfig)).toContain(
      synth.api.getLogicalId(synth.api.statsAggregator.deadLetterQueue.node.defaultChild as never),
    );
    expect(props.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(
      STATS_STREAM_FILTERS,
    );
  });

  it('its role writes only the counters and markers and numbers invoices (LeadingKeys), queries nothing', () => {
    const role = synth.api.getLogicalId(synth.api.statsAggregator.worker.role!.node.defaultChild as never);
    const statements = propsOf(template, 'AWS::IAM::Policy')
      .filter((p) => JSON.stringify(p.Roles).includes(role))
      .flatMap((p) => p.PolicyDocument.Statement as Statement[]);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    const tableWrites = statements.filter((s) => JSON.stringify(s.Action).includes('dynamodb:UpdateItem'));
    expect(tableWrites).toHaveLength(2);
    const scoped = (action: string) =>
      tableWrites
        .filter((s) => JSON.stringify(s.Action).includes(action))
        .map(
          (s) =>
            (s.Condition as Record<string, Record<string, string[]>>)['ForAllValues:StringLike']![
              'dynamodb:LeadingKeys'
            ],
        );
    // The counters: Put and Update only.
    expect(scoped('dynamodb:UpdateItem')).toContainEqual([
      'CATALOGUE*',
      'PLATFORM#STATS*',
      'SELLER#*',
      'STATS_APPLIED#*',
      'USER#*',
      'VOUCHER#*',
    ]);
    // The invoice numbering: reads and deletes only the counters, invoices and order lines (drafts).
    expect(scoped('dynamodb:DeleteItem')).toEqual([['COUNTER#INVOICE#*', 'INVOICE#*', 'ORDER#*']]);
    expect(scoped('dynamodb:GetItem')).toEqual([['COUNTER#INVOICE#*', 'INVOICE#*', 'ORDER#*']]);
    for (const forbidden of ['dynamodb:Query', 'dynamodb:Scan', 's3:GetObject', 'ses:SendEmail'])
      expect(actions).not.toContain(forbidden);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'sqs:SendMessage']),
    );
  });
});
