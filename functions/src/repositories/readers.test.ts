import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createAuditRepository, createAuditWriter } from './audit-repository.ts';
import { createCategoryRepository, listCategoryTree } from './category-repository.ts';
import { createEmployeeVoucherRepository, listEmployeeVouchersOfTourism } from './employee-voucher-repository.ts';
import { createSessionRepository, createSignOutReader } from './session-repository.ts';
import { createSellerSettingsReader, createSettingsRepository } from './settings-repository.ts';
import { createUserReader, createUserRepository } from './user-repository.ts';
import { createVoucherReader, createVoucherRepository } from './voucher-repository.ts';

/**
 * The small readers the route wrapper and some routes bundle instead of whole repositories (issue 15):
 * each sends the command its repository's method sends and answers the same.
 */
function fakeDb(answer: (input: Record<string, unknown>) => Record<string, unknown>) {
  const sent: { name: string; input: Record<string, unknown> }[] = [];
  const db = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      return answer(command.input);
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, sent };
}

async function same<T>(
  answer: (input: Record<string, unknown>) => Record<string, unknown>,
  reader: (db: DynamoDBDocumentClient) => Promise<T>,
  repository: (db: DynamoDBDocumentClient) => Promise<T>,
): Promise<T> {
  const a = fakeDb(answer);
  const b = fakeDb(answer);
  const [fromReader, fromRepository] = [await reader(a.db), await repository(b.db)];
  expect(fromReader).toEqual(fromRepository);
  expect(a.sent).toEqual(b.sent);
  expect(a.sent.length).toBeGreaterThan(0);
  return fromReader;
}

describe('readers beside the repositories', () => {
  it('reads a profile by id', async () => {
    const item = { PK: 'USER#u1', SK: 'PROFILE', entity: 'User', id: 'u1', role: 'seller', email: 'a@b.de' };
    const user = await same(
      () => ({ Item: item }),
      (db) => createUserReader(db, 't').get('u1'),
      (db) => createUserRepository(db, 't').get('u1'),
    );
    expect(user).toEqual({ id: 'u1', role: 'seller', email: 'a@b.de' });
  });

  it("reads a voucher by id and a seller's vouchers", async () => {
    const item = { PK: 'VOUCHER#v1', SK: 'VOUCHER', GSI1PK: 'SELLER#s1#VOUCHERS', entity: 'Voucher', id: 'v1' };
    expect(
      await same(
        () => ({ Item: item }),
        (db) => createVoucherReader(db, 't').get('v1', true),
        (db) => createVoucherRepository(db, 't').get('v1', true),
      ),
    ).toEqual({ id: 'v1' });
    const listed = await same(
      () => ({ Items: [item, { ...item, id: 'v2', deleted_at: 'x' }] }),
      (db) => createVoucherReader(db, 't').listBySeller('s1'),
      (db) => createVoucherRepository(db, 't').listBySeller('s1'),
    );
    expect(listed.map((v) => v.id)).toEqual(['v1']);
  });

  it('reads the sign-out cut-off', async () => {
    expect(
      await same(
        () => ({ Item: { valid_after: 1700 } }),
        (db) => createSignOutReader(db, 't').validAfter('u1'),
        (db) => createSessionRepository(db, 't').validAfter('u1'),
      ),
    ).toBe(1700);
  });

  it('puts an audit entry', async () => {
    const entry = {
      id: 'a1',
      action: 'impersonated_write' as const,
      actor_id: 'admin',
      target_id: 'u1',
      details: {},
      at: '2026-11-27T00:00:00.000Z',
    };
    await same(
      () => ({}),
      (db) => createAuditWriter(db, 't').put(entry),
      (db) => createAuditRepository(db, 't').put(entry),
    );
  });

  it("reads a seller's settings", async () => {
    const settings = await same(
      (input) => ({
        Responses: {
          t: (input.RequestItems as { t: { Keys: { PK: string }[] } }).t.Keys.map((key) => ({
            ...key,
            commission_percent: key.PK.includes('u1') ? 7 : 10,
          })),
        },
      }),
      (db) => createSellerSettingsReader(db, 't').getForSeller('u1'),
      (db) => createSettingsRepository(db, 't').getForSeller('u1'),
    );
    expect(settings.seller).toBeDefined();
    expect(settings.global).toBeDefined();
  });

  it('lists the category tree and the employee vouchers of a tourism account', async () => {
    const tree = await same(
      () => ({
        Items: [
          { entity: 'Category', id: 'c1', name: 'Essen', slug: 'essen' },
          { entity: 'Subcategory', id: 's1', category_id: 'c1', name: 'Pizza' },
        ],
      }),
      (db) => listCategoryTree(db, 't', { consistent: true }),
      (db) => createCategoryRepository(db, 't').listTree({ consistent: true }),
    );
    expect(tree[0]?.subcategories).toHaveLength(1);
    const vouchers = await same(
      () => ({
        Items: [
          { PK: 'VOUCHER#v1', SK: 'VOUCHER', id: 'v1' },
          { id: 'v2', deleted_at: 'x' },
        ],
      }),
      (db) => listEmployeeVouchersOfTourism(db, 't', 'tour-1'),
      (db) => createEmployeeVoucherRepository(db, 't').listOfTourism('tour-1'),
    );
    expect(vouchers.map((v) => v.id)).toEqual(['v1']);
  });
});
