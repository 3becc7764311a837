import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestAccount } from '../test/accounts.ts';
import { api } from '../test/api.ts';
import { putVouchers, testVoucher } from '../test/test-vouchers.ts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { backfillSellerActivation } from './backfill-seller-activation.ts';

const listed = async (sellerId: string) =>
  ((await api('GET', `voucher?seller_id=${sellerId}&paginate=50`)).body.data as Array<{ id: string }>).map((v) => v.id);

describe('back-fill of the seller activation (issue 11)', () => {
  it('hides the vouchers of sellers never activated, keeps the others, and lists them in a dry run first', async () => {
    const pending = await createTestAccount('seller', { is_activated: false });
    const active = await createTestAccount('seller');
    // Written before issue 11: no is_activated in the summary, so both are listed.
    const legacyPending = testVoucher(`v-${randomUUID()}`, pending.userId);
    const legacyActive = testVoucher(`v-${randomUUID()}`, active.userId);
    await putVouchers(legacyPending, legacyActive);
    expect(await listed(pending.userId)).toEqual([legacyPending.id]);

    const only = [pending.userId, active.userId];
    const dry = await backfillSellerActivation(documentClient(), env().TABLE_NAME, { dryRun: true, only });
    expect(dry).toMatchObject({ sellers: 2, vouchers: 2 });
    expect(dry.hidden).toEqual([expect.stringContaining(pending.userId)]);
    expect(await listed(pending.userId)).toEqual([legacyPending.id]);

    await backfillSellerActivation(documentClient(), env().TABLE_NAME, { dryRun: false, only });
    expect(await listed(pending.userId)).toEqual([]);
    expect(await listed(active.userId)).toEqual([legacyActive.id]);
    // Idempotent.
    await backfillSellerActivation(documentClient(), env().TABLE_NAME, { dryRun: false, only });
    expect(await listed(active.userId)).toEqual([legacyActive.id]);
  });
});
