import type { Voucher } from '@gm/shared/catalogue/contracts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createVoucherRepository } from '../../functions/src/repositories/voucher-repository.ts';

export { testVoucher } from '../../shared/src/catalogue/test-voucher.ts';

/** Writes vouchers (with their catalogue entries) through the product's repository. */
export async function putVouchers(...vouchers: Voucher[]): Promise<void> {
  const repository = createVoucherRepository(documentClient(), env().TABLE_NAME);
  for (const voucher of vouchers) await repository.put(voucher);
}
