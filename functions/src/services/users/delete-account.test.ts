import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_TEXT } from '@gm/shared/admin/account-deletion';
import type { Actor } from '../../lib/auth.ts';
import { createTransactionChunks } from '../../repositories/transaction-chunks.ts';
import type { TransactionPart } from '../../repositories/transaction-part.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import { deleteAccount, type AccountDeletionDeps } from './delete-account.ts';

const admin = { userId: 'admin-1', role: 'admin' } as Actor;
const part = (name: string) =>
  ({ ConditionCheck: { TableName: name, Key: {}, ConditionExpression: 'x' } }) as TransactionPart;

function user(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 'u-1',
    username: 'erika',
    email: 'erika@example.com',
    role: 'user',
    first_name: 'Erika',
    last_name: 'Mustermann',
    address: 'Weg 1',
    city: 'Wien',
    zip_code: '1010',
    phone_number: '+431',
    region_id: 1,
    is_activated: true,
    is_tourism: false,
    is_partner: false,
    can_generate: false,
    gift_locked: false,
    is_custom_auth: false,
    order_email: null,
    subdomain: null,
    seller_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Fakes that log every step; the profile store follows the mark and the tombstone. */
function fakes(profiles: Map<string, UserRecord>, options: { failCommits?: number } = {}) {
  const log: string[] = [];
  let failures = options.failCommits ?? 0;
  const deps = {
    users: {
      get: async (id: string) => profiles.get(id),
      startDeletion: async (id: string, at: string, identities: { provider: string; subject: string }[]) => {
        const stored = profiles.get(id);
        if (!stored || stored.deletion_state) return false;
        log.push(`mark ${id}`);
        profiles.set(id, { ...stored, deleted_at: at, deletion_state: 'in_progress', deletion_identities: identities });
        return true;
      },
      releaseUnique: async (field: string, value: string) => void log.push(`free ${field} ${value}`),
      releaseIdentity: async (provider: string, subject: string) =>
        void log.push(`free identity ${provider}#${subject}`),
      putTombstone: async (u: UserRecord) => {
        log.push(`tombstone ${u.id}`);
        profiles.set(u.id, { ...u, first_name: null, deletion_state: 'done' });
        return true;
      },
    },
    audit: { part: () => part('audit') },
    accountStatus: {
      linkedIdentities: async (email: string) =>
        email === 'social@example.com' ? [{ provider: 'google', subject: '123' }] : [],
      deleteAccounts: async (email: string) => void log.push(`cognito ${email}`),
    },
    payments: { deleteCustomer: async (id: string) => void log.push(`stripe ${id}`) },
    stripeCustomers: {
      get: async (id: string) => (id === 'u-1' ? { stripe_customer_id: 'cus_1' } : undefined),
      deletePart: () => part('stripe-customer'),
    },
    documents: {
      remove: async (keys: string[]) => void log.push(`documents ${keys.join(',')}`),
      removeAll: async (prefix: string) => void log.push(`documents below ${prefix}`),
    },
    uploads: { discard: async () => void log.push('media') },
    verifications: {
      get: async (id: string) =>
        id === 's-1' ? { id_front_key: 'verification/s-1/f.png', id_back_key: 'verification/s-1/b.png' } : undefined,
      deletePart: () => part('verification'),
    },
    payoutAccounts: { deletePart: () => part('payout') },
    companies: { getBySeller: async () => undefined, deletePart: () => part('company') },
    settings: { deleteSellerPart: () => part('settings') },
    wishlist: { accountDeletionParts: async () => [part('wish')] },
    sessions: { accountDeletionParts: async () => [part('sessions')] },
    orders: { accountDeletionParts: async () => [part('cart')] },
    userVouchers: { listByOwner: async () => [], anonymisePart: () => part('uv') },
    buyerVouchers: { listByOwner: async () => [], deletePart: () => part('bv') },
    transfers: { deletePart: () => part('transfer') },
    vouchers: { listBySeller: async () => [{ id: 'v-1' }], retireParts: () => [part('voucher'), part('catalogue')] },
    catalogueChanges: { invalidate: () => void log.push('catalogue invalidated') },
    scannerStaff: {
      listBySeller: async (id: string) => (id === 's-1' ? [profiles.get('sc-1')!] : []),
    },
    transactions: {
      commit: async (parts: TransactionPart[]) => {
        if (failures-- > 0) throw new Error('crash');
        log.push(`commit ${parts.map((p) => p.ConditionCheck?.TableName).join(',')}`);
      },
    },
    clock: () => new Date('2026-11-26T10:00:00.000Z'),
    newId: () => 'audit-1',
  };
  return { deps: deps as unknown as AccountDeletionDeps, log };
}

describe('deleteAccount', () => {
  it('refuses the own account and admins (422) and unknown ids (404) before touching anything', async () => {
    const profiles = new Map([['a-2', user({ id: 'a-2', role: 'admin' })]]);
    const { deps, log } = fakes(profiles);
    await expect(deleteAccount(deps, admin, 'admin-1')).rejects.toMatchObject({
      statusCode: 422,
      message: ACCOUNT_DELETION_TEXT.self,
    });
    await expect(deleteAccount(deps, admin, 'a-2')).rejects.toMatchObject({
      statusCode: 422,
      message: ACCOUNT_DELETION_TEXT.admin,
    });
    await expect(deleteAccount(deps, admin, 'nobody')).rejects.toMatchObject({ statusCode: 404 });
    expect(log).toEqual([]);
  });

  it('marks first, then Cognito, Stripe and files, then the items, the unique values and the tombstone last', async () => {
    const profiles = new Map([['u-1', user({ email: 'social@example.com' })]]);
    const { deps, log } = fakes(profiles);
    expect(await deleteAccount(deps, admin, 'u-1')).toEqual({ message: ACCOUNT_DELETION_TEXT.deleted });
    expect(log).toEqual([
      'mark u-1',
      'cognito social@example.com',
      'stripe cus_1',
      'documents below verification/u-1/',
      'media',
      'commit wish,sessions,cart,stripe-customer',
      'free email social@example.com',
      'free username erika',
      'free identity google#123',
      'tombstone u-1',
    ]);
    // Twice is harmless: nothing runs again.
    log.length = 0;
    expect(await deleteAccount(deps, admin, 'u-1')).toEqual({ message: ACCOUNT_DELETION_TEXT.deleted });
    expect(log).toEqual([]);
  });

  it('a run that crashed resumes from the mark (no second audit entry) and finishes', async () => {
    const profiles = new Map([['u-1', user()]]);
    const { deps, log } = fakes(profiles, { failCommits: 1 });
    await expect(deleteAccount(deps, admin, 'u-1')).rejects.toThrow('crash');
    expect(profiles.get('u-1')).toMatchObject({ deletion_state: 'in_progress', deleted_at: expect.any(String) });
    log.length = 0;
    await deleteAccount(deps, admin, 'u-1');
    expect(log[0]).toBe('cognito erika@example.com');
    expect(log).not.toContain('mark u-1');
    expect(log.at(-1)).toBe('tombstone u-1');
    expect(profiles.get('u-1')?.deletion_state).toBe('done');
  });

  it('deletes a seller’s scanner users first, then the seller with its documents, company, payout, settings and vouchers', async () => {
    const profiles = new Map([
      ['s-1', user({ id: 's-1', role: 'seller', email: 's@example.com', username: 'alpenhof', subdomain: 'alpenhof' })],
      ['sc-1', user({ id: 'sc-1', role: 'scanner', email: 'k@example.com', username: 'kasse', seller_id: 's-1' })],
    ]);
    const { deps, log } = fakes(profiles);
    await deleteAccount(deps, admin, 's-1');
    expect(log.indexOf('tombstone sc-1')).toBeLessThan(log.indexOf('cognito s@example.com'));
    expect(log).toContain('documents verification/s-1/f.png,verification/s-1/b.png');
    expect(log).toContain('commit wish,sessions,cart,verification,payout,company,settings,voucher,catalogue');
    expect(log).toContain('free subdomain alpenhof');
    expect(log).toContain('catalogue invalidated');
    expect(profiles.get('sc-1')?.deletion_state).toBe('done');
    expect(profiles.get('s-1')?.deletion_state).toBe('done');
  });
});

describe('transaction chunks', () => {
  it('commits at most 100 parts per transaction, in order', async () => {
    const sizes: number[] = [];
    const db = {
      send: async (command: { input: { TransactItems: unknown[] } }) =>
        void sizes.push(command.input.TransactItems.length),
    } as unknown as DynamoDBDocumentClient;
    await createTransactionChunks(db).commit(Array.from({ length: 250 }, (_, i) => part(`p${i}`)));
    expect(sizes).toEqual([100, 100, 50]);
  });
});
