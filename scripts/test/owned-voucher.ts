import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import {
  createUserVoucherRepository,
  type UserVoucherRecord,
} from '../../functions/src/repositories/user-voucher-repository.ts';
import { newUserVoucher } from '../../functions/src/services/orders/new-user-voucher.ts';
import { putVouchers, testVoucher } from './test-vouchers.ts';

/**
 * A bought voucher in a buyer's wallet without going through checkout: a catalogue voucher of a
 * (fake) seller and the user voucher with its code, put by the same repository parts the order
 * completion uses. For tests about what happens after the purchase (personalise, PDF, transfer).
 */
export async function issueOwnedVoucher(
  ownerUserId: string,
  overrides: Partial<UserVoucherRecord> = {},
): Promise<UserVoucherRecord> {
  const sellerId = `test-seller-${randomUUID().slice(0, 8)}`;
  // Not for sale: it must not show up in other tests' catalogue and search results.
  const voucher = testVoucher(`v-${randomUUID()}`, sellerId, { qty_val: 4900, price_filter: 4900, is_active: false });
  await putVouchers(voucher);
  const at = new Date().toISOString();
  const record = {
    ...newUserVoucher({
      id: randomUUID(),
      order: { id: `o-${randomUUID()}`, voucher_id: voucher.id, seller_id: sellerId, voucher },
      orderNo: 'GM-2026-999999',
      amounts: { qty: 1, value: null, remaining_qty: 1, remaining_value: 4900 },
      owner: { owner_user_id: ownerUserId },
      at,
      appUrl: env().APP_URL,
    }),
    ...overrides,
  };
  const repository = createUserVoucherRepository(documentClient(), env().TABLE_NAME);
  await documentClient().send(new TransactWriteCommand({ TransactItems: repository.issueParts(record) }));
  return record;
}
