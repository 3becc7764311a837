import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { orderKeys } from '../../functions/src/repositories/order-repository.ts';

/**
 * Lines of the admin `ORDERS` feed (GSI3) for keyword-search tests over a long feed (issue 15):
 * `matches` lines carrying `keyword` in `search_text`, older than `fillers` lines that do not.
 * All are dated 2001–2002, older than any real order, so the newest orders stay on top.
 *
 * They carry no `status` on purpose: the stats aggregator counts a line that becomes `completed`,
 * and these only exist to be read by the feed (which does not filter on status).
 */
export async function seedOrderFeed(
  tag: string,
  keyword: string,
  counts: { matches: number; fillers: number },
): Promise<{ matchIds: string[]; remove: () => Promise<void> }> {
  const base = Date.parse('2002-06-01T00:00:00.000Z');
  const line = (id: string, at: string, searchText: string) => ({
    ...orderKeys.item(id),
    GSI3PK: orderKeys.allOrders,
    GSI3SK: orderKeys.sortKey(at, id),
    entity: 'Order',
    id,
    order_no: null,
    seller_id: `seller-feed-${tag}`,
    voucher: { title: 'Feed-Test', type: 'product' },
    guest: { first_name: 'Feed', last_name: 'Test', email: 'feed@example.com' },
    total_amount: 1000,
    total_value: 1000,
    channel: 'marketplace',
    created_at: at,
    completed_at: at,
    search_text: searchText,
  });
  // Newest first: matchIds[0] is the newest match.
  const matchIds = Array.from({ length: counts.matches }, (_, i) => `feed-${tag}-match-${i}`);
  const items = [
    ...matchIds.map((id, i) =>
      line(id, new Date(Date.parse('2001-06-01T00:00:00.000Z') - i * 60_000).toISOString(), `feed test ${keyword}`),
    ),
    ...Array.from({ length: counts.fillers }, (_, i) =>
      line(`feed-${tag}-filler-${i}`, new Date(base - i * 60_000).toISOString(), `feed test ${i}`),
    ),
  ];
  const write = async (requests: Record<string, unknown>[]) => {
    for (let i = 0; i < requests.length; i += 25) {
      let chunk = requests.slice(i, i + 25);
      while (chunk.length) {
        const answer = await documentClient().send(
          new BatchWriteCommand({ RequestItems: { [env().TABLE_NAME]: chunk } }),
        );
        chunk = (answer.UnprocessedItems?.[env().TABLE_NAME] ?? []) as typeof chunk;
      }
    }
  };
  await write(items.map((Item) => ({ PutRequest: { Item } })));
  return {
    matchIds,
    remove: () => write(items.map((item) => ({ DeleteRequest: { Key: orderKeys.item(item.id) } }))),
  };
}
