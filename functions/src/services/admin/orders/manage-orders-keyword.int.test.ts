import { randomUUID } from 'node:crypto';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSearchRequestSchema } from '@gm/shared/admin/orders';
import { createTestAccount, type TestAccount } from '../../../../../scripts/test/accounts.ts';
import { api } from '../../../../../scripts/test/api.ts';
import { seedOrderFeed } from '../../../../../scripts/test/order-feed.ts';
import { documentClient } from '../../../lib/clients.ts';
import { env } from '../../../lib/env.ts';
import { users } from '../../../lib/deps.ts';
import { createOrderAdminRepository } from '../../../repositories/order-admin-repository.ts';
import { PAGE_READ_BUDGET, COUNT_BUDGET, searchAdminOrders } from './manage-orders.ts';

/**
 * A keyword that matches only old orders (issue 15): one /manage-orders request reads at most the
 * budget of the `ORDERS` feed, answers what it found with `total_exact: false` and a next_page_url
 * that searches on, and following it reaches the matches.
 */
const NEWER = PAGE_READ_BUDGET + 40;

/** The document client, counting the feed items each Query evaluated (page reads and counts apart). */
function countingClient() {
  const real = documentClient();
  const seen = { page: 0, count: 0 };
  const client = {
    send: async (command: unknown) => {
      const answer = (await real.send(command as QueryCommand)) as { ScannedCount?: number };
      if (command instanceof QueryCommand && command.input.IndexName === 'GSI3') {
        if (command.input.Select === 'COUNT') seen.count += answer.ScannedCount ?? 0;
        else seen.page += answer.ScannedCount ?? 0;
      }
      return answer;
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, seen };
}

let admin: TestAccount;
const tag = `altkunde${randomUUID().slice(0, 8)}`;
let oldIds: string[] = [];
let remove: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  admin = await createTestAccount('admin');
  // Three matches older than anything else in the feed, behind more non-matching lines than one read may evaluate.
  ({ matchIds: oldIds, remove } = await seedOrderFeed(tag, tag, { matches: 3, fillers: NEWER }));
});
afterAll(() => remove());

describe('/manage-orders keyword search over a long feed (issue 15)', () => {
  it('reads at most the budget per request, answers the rows found so far and a next_page_url that reaches the matches', async () => {
    const { client, seen } = countingClient();
    const deps = { orderAdmin: createOrderAdminRepository(client, env().TABLE_NAME), users: users() };
    const pageUrl = (page: number, cursor: string | undefined, rowsBefore?: number) =>
      `https://api.test/order/search?page=${page}${cursor ? `&cursor=${cursor}` : ''}${rowsBefore === undefined ? '' : `&seen=${rowsBefore}`}`;
    const first = await searchAdminOrders(
      deps,
      adminOrderSearchRequestSchema.parse({ keyword: tag, status: 'completed', paginate: 10 }),
      pageUrl,
    );
    // (a) One request: the page read stopped at the budget (the feed holds > NEWER lines before the matches).
    expect(seen.page).toBeGreaterThan(0);
    expect(seen.page).toBeLessThanOrEqual(PAGE_READ_BUDGET);
    expect(seen.count).toBeLessThanOrEqual(COUNT_BUDGET);
    // (c) Nothing found within it: an empty page, honest about not knowing, with a link to search on.
    expect(first).toMatchObject({ data: [], total: 0, total_exact: false, current_page: 1, from: null, to: null });
    expect(first.last_page).toBe(2);
    const next = new URL(first.next_page_url!);
    expect(next.searchParams.get('cursor')).toBeTruthy();
    expect(next.searchParams.get('seen')).toBe('0');

    // (b) Following next_page_url through the API reaches the three matches, newest first; every page
    // before the last says its total is a lower bound, the last one (the feed ended within the count) is exact.
    const found: string[] = [];
    let url: string | null = first.next_page_url;
    let requests = 1;
    let last: Record<string, unknown> = first;
    while (url) {
      const answer = await api('POST', `order/search${new URL(url).search}`, {
        token: admin.token,
        body: { keyword: tag, status: 'completed', paginate: 10 },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      requests += 1;
      expect(requests).toBeLessThan(100);
      found.push(...answer.body.data.map((r: { id: string }) => r.id));
      if (answer.body.next_page_url) expect(answer.body.total_exact).toBe(false);
      // The rows already found are never counted twice nor lost (`seen` carries them on).
      expect(answer.body.total).toBeGreaterThanOrEqual(found.length);
      if (answer.body.data.length) expect(answer.body.to).toBe(found.length);
      last = answer.body;
      url = answer.body.next_page_url;
    }
    expect(found).toEqual(oldIds);
    expect(requests).toBeGreaterThan(1);
    expect(last).toMatchObject({ total: 3, next_page_url: null, from: 1, to: 3 });
    expect(last).not.toHaveProperty('total_exact');
  });

  it('a page number without cursor that the bounded read cannot reach answers an empty page that searches on', async () => {
    const answer = await api('POST', 'order/search', {
      token: admin.token,
      body: { keyword: tag, status: 'completed', paginate: 1, page: 3 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [], total: 0, total_exact: false, current_page: 3 });
    const next = new URL(answer.body.next_page_url as string);
    expect(next.searchParams.get('page')).toBe('3');
    expect(next.searchParams.get('seen')).toBe('0');
  });
});
