// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ADMIN_ORDER_TEXT, type AdminOrderDetails } from '@gm/shared/admin/orders';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { OrderDetailsModal } from './order-details-modal.tsx';
import { json } from '../../../testing/fixtures.ts';

const REVERSED: AdminOrderDetails = {
  id: 'o-1',
  created_at: '2026-11-20T10:00:00.000Z',
  order_no: 'GM-2026-000042',
  seller_id: 's-1',
  seller_name: 'Alpen Spa',
  user_name: 'Erika Muster',
  voucher_title: 'Massage',
  voucher_type: 'quantity',
  commission: 895,
  total_sales: 7900,
  total_value: 7900,
  total_amount: 7900,
  discount: 0,
  channel: 'marketplace',
  reversed: true,
  p_type: 'stripe',
  processing_fee: 144,
  status: 'completed',
  qty: 1,
  value: null,
  is_gift: false,
  subdomain: null,
  buyer_email: 'erika@example.com',
  buyer_user_id: 'u-1',
  invoice_no: 'RE-2026-K7M3Q-000042',
  cancellation_invoice_no: 'ST-2026-K7M3Q-000001',
  cancellation_mail_sent: false,
  reversed_at: '2026-11-21T10:00:00.000Z',
  refund_id: 're_1',
  refunded_amount: 7900,
  seller_invoice_id: null,
  payment: null,
  vouchers: [],
};

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderDetailsModal, the Stornorechnung mail', () => {
  it('sends an owed Stornorechnung mail again through reverse-order and then shows it as sent', async () => {
    let sent = false;
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input).replace(/^\/api\/v1\//, '');
        if (path === 'order/reverse-order') {
          posted.push(JSON.parse(String(init?.body)));
          sent = true;
          return json(200, {
            message: ADMIN_ORDER_TEXT.cancellationMailSent,
            data: {
              id: 'o-1',
              reversed: true,
              refunded: 7900,
              refund_id: 're_1',
              cancellation_invoice_no: 'ST-2026-K7M3Q-000001',
            },
          });
        }
        return json(200, { data: { ...REVERSED, cancellation_mail_sent: sent } });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DialogProvider>
          <OrderDetailsModal orderId="o-1" onClose={() => undefined} onReverse={() => undefined} reversing={false} />
        </DialogProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ADMIN_ORDER_TEXT.resendCancellationMail }));
    expect(posted).toEqual([{ id: 'o-1', reverse: true }]);
    expect(await screen.findByText(ADMIN_ORDER_TEXT.cancellationMailSent)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('admin-order-cancellation-mail').textContent).toBe(
        ADMIN_ORDER_TEXT.cancellationMailDone,
      ),
    );
  });
});
