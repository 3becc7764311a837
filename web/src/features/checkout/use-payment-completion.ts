import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { authStore } from '../../lib/auth.ts';
import { useQueryClient } from '@tanstack/react-query';
import { cartKeys, useEmptiedCart } from '../../entities/cart/api/cart.ts';
import { pathAfterPayment, paths } from '../../config/paths.ts';
import { getPayment, giftOrderIdsOfPayment } from '../../entities/order/api/payment.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { cartId } from '../../entities/cart/cart-session.ts';
import { waitForPayment, type PaymentOutcome } from './payment-flow.ts';

/**
 * Waits for a payment's orders to complete, then ends the checkout (01 §4): cart count 0, a guest's
 * cart id renewed, 'Danke!' with the success text, and on to the wallet (buyer) or /thank-you (guest).
 * Failed and timed-out payments are left to the caller.
 */
export function usePaymentCompletion() {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const emptied = useEmptiedCart();
  const queryClient = useQueryClient();

  const confirm = useCallback(
    async (paymentId: string, alreadyCompleted = false): Promise<PaymentOutcome> => {
      setConfirming(true);
      const outcome = alreadyCompleted
        ? 'completed'
        : await waitForPayment(() => getPayment(paymentId).then((answer) => answer.data));
      setConfirming(false);
      if (outcome !== 'completed') return outcome;
      const guest = !authStore.getSnapshot().isAuth;
      if (guest) cartId.renew();
      emptied();
      // Besides the cart (stepped to 0 above), a completed payment changes the orders, the wallet, a card
      // saved with it and the vouchers' stock, which other features cache under their own keys: all of
      // that is marked stale, and what is on screen loads again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== cartKeys.all[0] });
      // Gift lines (is_gift) go on to their gift form, one after another (issues 5/6).
      const gifts = guest ? [] : await giftOrderIdsOfPayment(paymentId).catch(() => [] as string[]);
      await dialog.success(ORDER_TEXT.paymentDone, { title: ORDER_TEXT.paymentDoneTitle, autoCloseMs: 1000 });
      const [firstGift, ...moreGifts] = gifts;
      if (firstGift) void navigate(paths.giftOrder(firstGift), { replace: true, state: { queue: moreGifts } });
      else void navigate(pathAfterPayment(guest), { replace: true });
      return outcome;
    },
    [dialog, navigate, emptied, queryClient],
  );

  return { confirm, confirming };
}
