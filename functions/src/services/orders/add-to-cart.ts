import { voucherSchema } from '@gm/shared/catalogue/contracts';
import { ORDER_TEXT, type OrderLine } from '@gm/shared/orders/contracts';
import type { AddToCartRequest } from '@gm/shared/orders/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { EMPLOYEE_VOUCHER_TEXT } from '@gm/shared/tourism/employee-voucher-texts';
import type { OrderChannel, OrderOwner } from '../../repositories/order-repository.ts';
import { VOUCHER_NOT_FOUND } from '../catalogue/get-voucher.ts';
import type { Deps } from '../deps.ts';
import { assertSalesOpen } from './sales-pause.ts';
import { priceLine, toOrderLine } from './cart-line.ts';
import { assertSellersActivated } from '../users/seller-gate.ts';

type AddInput = Pick<AddToCartRequest, 'voucher_id' | 'is_gift' | 'isSubdomain' | 'subdomain'> & {
  qty?: number | null | undefined;
  value?: number | null | undefined;
};

/**
 * POST order / order/guest: puts one pending line into the owner's cart. The server reads the voucher
 * (active, not deleted, not an employee voucher, on sale on the marketplace), checks the amount
 * against its limits and prices the line itself; totals in the request are ignored. The channel is
 * `subdomain` when the request comes from the tenant shop of the voucher's seller, else `marketplace`.
 * A tenant shop sells only its own seller's vouchers: a line of another seller in an existing shop
 * (named by the request's host, or by the body's `isSubdomain`/`subdomain`) is refused with a 422
 * before anything is written, because the shop's cart (`order/search`) would never show it.
 */
export async function addToCart(
  deps: Pick<Deps, 'orders' | 'users' | 'salesPause' | 'clock' | 'newId'> & { vouchers: Pick<Deps['vouchers'], 'get'> },
  owner: OrderOwner,
  input: AddInput,
  tenant: string | undefined,
): Promise<{ data: OrderLine; message: string }> {
  await assertSalesOpen(deps);
  // Employees (tourism, issue 13) have no cart (03 §9).
  if (owner.kind === 'user' && (await deps.users.get(owner.userId))?.is_employee)
    throw new ForbiddenError(EMPLOYEE_VOUCHER_TEXT.noCartForEmployees);
  const stored = await deps.vouchers.get(input.voucher_id, true);
  if (!stored || stored.deleted_at || !stored.is_active || stored.is_tourism || stored.display === 'direktverkauf')
    throw new NotFoundError(VOUCHER_NOT_FOUND);
  const voucher = voucherSchema.parse(stored);
  const totals = priceLine(voucher, input);
  await assertSellersActivated(deps, [voucher.seller_id]);

  let channel: OrderChannel = 'marketplace';
  let subdomain: string | null = null;
  const shop = shopOf(tenant, input);
  if (shop) {
    const seller = await deps.users.get(voucher.seller_id);
    const ownShop = (seller?.subdomain ?? '').toLowerCase() === shop;
    // The channel (and with it the subdomain commission) follows the host only, never the body.
    if (ownShop && tenant) {
      channel = 'subdomain';
      subdomain = shop;
    }
    // An unknown name (no seller owns it) is no shop: the web sends such hosts to the main site.
    if (!ownShop && (await deps.users.ownerOf('subdomain', shop)))
      throw ValidationError.field('voucher_id', ORDER_TEXT.notInThisShop);
  }

  const record = await deps.orders.addPending(owner, {
    id: deps.newId(),
    voucher_id: voucher.id,
    seller_id: voucher.seller_id,
    voucher,
    ...totals,
    channel,
    subdomain,
    is_gift: input.is_gift ?? false,
    created_at: deps.clock().toISOString(),
  });
  return { data: toOrderLine(record), message: ORDER_TEXT.addedToCart };
}

/** The tenant shop the line is put in: the request's tenant host, else the shop the client says it is on. */
function shopOf(tenant: string | undefined, input: AddInput): string | undefined {
  const claimed = input.isSubdomain ? input.subdomain?.trim() : undefined;
  return (tenant ?? claimed)?.toLowerCase() || undefined;
}
