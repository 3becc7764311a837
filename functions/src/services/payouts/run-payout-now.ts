import { ACTIVATION_TEXT } from '@gm/shared/admin/seller-activation';
import { PAYOUT_TEXT, type RunPayoutRequest, type SellerInvoice } from '@gm/shared/payouts/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { toSellerInvoice } from '../../repositories/seller-invoice-keys.ts';
import type { Deps } from '../deps.ts';
import { runSellerPayout, type PayoutRunDeps } from './run-payouts.ts';

export const NOT_A_SELLER = 'Dieser Benutzer ist kein Verkäufer.';

/**
 * POST seller-invoice (admin, 'Jetzt abrechnen'): the payout run of one seller now, whatever the
 * schedule says. A seller without payouts enabled gets the invoice with `transfer_status = manual`
 * (paid outside Stripe). An invoice an earlier run left open is finished instead of a new one.
 * 422 when there is nothing to invoice, 409 while another run holds the seller. One audit entry.
 */
export async function runPayoutNow(
  deps: PayoutRunDeps & Pick<Deps, 'audit'>,
  actor: Actor,
  input: RunPayoutRequest,
): Promise<{ message: string; data: SellerInvoice }> {
  if (input.seller_id === actor.userId) throw ValidationError.field('seller_id', ACTIVATION_TEXT.notYourself);
  const seller = await deps.users.get(input.seller_id);
  if (!seller || seller.role !== 'seller' || seller.deleted_at) throw ValidationError.field('seller_id', NOT_A_SELLER);
  const result = await runSellerPayout(deps, input.seller_id, actor.userId);
  if (result.outcome === 'busy') throw new ConflictError(PAYOUT_TEXT.runBusy);
  if (result.outcome === 'nothing') throw ValidationError.field('seller_id', PAYOUT_TEXT.nothingToInvoice);
  const invoice = result.invoice;
  await deps.audit.put({
    id: deps.newId(),
    action: 'run_payout',
    actor_id: actor.userId,
    target_id: input.seller_id,
    details: {
      invoice_id: invoice.id,
      invoice_no: invoice.invoice_no,
      payout: invoice.payout,
      transfer_status: invoice.transfer_status,
    },
    at: deps.clock().toISOString(),
  });
  return { message: PAYOUT_TEXT.runDone, data: toSellerInvoice(invoice) };
}
