import { describe, expect, it } from 'vitest';
import { changedItemOf } from '../../functions/src/workers/stats-aggregator.ts';
import { STREAM_CONSUMERS } from './stream-consumers.ts';
import { toLambdaRecord } from './stream-stand-in.ts';

describe('stream stand-in', () => {
  const raw = {
    eventID: 'e1',
    eventName: 'MODIFY' as const,
    eventVersion: '1.1',
    awsRegion: 'eu-central-1',
    dynamodb: {
      ApproximateCreationDateTime: new Date('2026-11-26T10:00:00.000Z'),
      Keys: { PK: { S: 'ORDER#1' }, SK: { S: 'ORDER' } },
      OldImage: { PK: { S: 'ORDER#1' }, SK: { S: 'ORDER' }, status: { S: 'pending' } },
      NewImage: { PK: { S: 'ORDER#1' }, SK: { S: 'ORDER' }, status: { S: 'completed' }, total_qty: { N: '2' } },
      SequenceNumber: '000000000000000000042',
      StreamViewType: 'NEW_AND_OLD_IMAGES' as const,
    },
  };

  it('hands records on in the Lambda event shape (dates as epoch seconds, the stream as source)', () => {
    const record = toLambdaRecord(raw, 'arn:stream', 'eu-central-1', Date.parse('2026-11-26T09:59:00.000Z'));
    expect(record).toMatchObject({
      eventID: 'e1',
      eventName: 'MODIFY',
      eventSource: 'aws:dynamodb',
      eventSourceARN: 'arn:stream',
      dynamodb: { ApproximateCreationDateTime: 1795687200, SequenceNumber: '000000000000000000042' },
    });
    expect(changedItemOf(record)).toEqual({
      id: 'e1',
      oldImage: { PK: 'ORDER#1', SK: 'ORDER', status: 'pending' },
      newImage: { PK: 'ORDER#1', SK: 'ORDER', status: 'completed', total_qty: 2 },
    });
  });

  it('stamps a record with the second it was read when the emulator’s minute-rounded stamp is older', () => {
    // DynamoDB Local: written at 10:00:42, stamped 10:00:00; read at 10:00:42.7.
    const read = Date.parse('2026-11-26T10:00:42.700Z');
    expect(toLambdaRecord(raw, 'arn', 'eu-central-1', read).dynamodb?.ApproximateCreationDateTime).toBe(
      Date.parse('2026-11-26T10:00:42.000Z') / 1000,
    );
  });

  it("applies the stats consumer's filter like the mapping's filter criteria", () => {
    const stats = STREAM_CONSUMERS.find((c) => c.name === 'stats-aggregator')!;
    expect(stats.filter!(toLambdaRecord(raw, 'arn', 'eu-central-1'))).toBe(true);
    const pending = { ...raw, dynamodb: { ...raw.dynamodb, NewImage: { status: { S: 'pending' } } } };
    expect(stats.filter!(toLambdaRecord(pending, 'arn', 'eu-central-1'))).toBe(false);
  });
});
