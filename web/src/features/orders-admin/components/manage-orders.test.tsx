// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ADMIN_ORDER_TEXT, type AdminOrderRow } from '@gm/shared/admin/orders';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { ManageOrders } from './manage-orders.tsx';
import { json } from '../../../testing/fixtures.ts';

const ROW: AdminOrderRow = {
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
  reversed: false,
  p_type: 'bank',
  processing_fee: 136,
};

const page = (rows: AdminOrderRow[]) => ({
  data: rows,
  current_page: 1,
  last_page: 1,
  next_page_url: null,
  total: rows.length,
  per_page: 10,
  from: rows.length ? 1 : null,
  to: rows.length ? rows.length : null,
});

function stubFetch(route: (path: string, body: unknown) => Response) {
  const sent: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\/v1\//, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ path, body });
      return route(path, body);
    }),
  );
  return sent;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <ManageOrders />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

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

describe('ManageOrders', () => {
  it('shows the columns of 03 §2 and searches with the keyword after typing', async () => {
    const sent = stubFetch(() => json(200, page([ROW])));
    const user = renderPage();
    const row = await screen.findByTestId('admin-order-row');
    expect(within(row).getByText('GM-2026-000042')).toBeTruthy();
    expect(within(row).getByText('Erika Muster')).toBeTruthy();
    expect(within(row).getByText('Sofortüberweisung')).toBeTruthy();
    expect(within(row).getByText('1,36 €')).toBeTruthy();
    expect(within(row).getByText(ADMIN_ORDER_TEXT.notReversed)).toBeTruthy();
    expect(sent[0]).toMatchObject({ body: { status: 'completed', paginate: 10, page: 1 } });

    await user.type(screen.getByTestId('admin-orders-search'), 'erika');
    await waitFor(() => expect(sent.some((s) => (s.body as { keyword?: string }).keyword === 'erika')).toBe(true));
    // One request for the whole word (debounced), not one per key.
    expect(sent.filter((s) => s.path.startsWith('order/search')).length).toBe(2);
  });

  it('shows a bounded total of a keyword search as a lower bound and offers the next page', async () => {
    stubFetch(() =>
      json(200, {
        ...page(Array.from({ length: 10 }, (_, i) => ({ ...ROW, id: `o-${i}` }))),
        total: 37,
        total_exact: false,
        last_page: 4,
        next_page_url: '/api/v1/order/search?page=2&cursor=abc',
        to: 10,
      }),
    );
    renderPage();
    await screen.findAllByTestId('admin-order-row');
    expect(screen.getByText('mindestens 37 Bestellungen')).toBeTruthy();
    expect(screen.getByText('Seite 1 von mindestens 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Weiter/ }).hasAttribute('disabled')).toBe(false);
  });

  it('a keyword search that stopped short shows what it found and searches older orders on request, with cursor and seen', async () => {
    const sent = stubFetch((path) =>
      path.includes('cursor=c2')
        ? json(200, { ...page([ROW]), current_page: 2, last_page: 2, total: 1 })
        : json(200, {
            ...page([]),
            total: 0,
            total_exact: false,
            last_page: 2,
            next_page_url: '/api/v1/order/search?page=2&cursor=c2&seen=0',
          }),
    );
    const user = renderPage();
    const stopped = await screen.findByTestId('admin-orders-stopped');
    // Never the plain "nothing found", never an endless spinner: the stop is said, with the way on.
    expect(stopped.textContent).toContain(ADMIN_ORDER_TEXT.searchStoppedNone);
    expect(screen.queryByTestId('empty-state')).toBeNull();
    expect(screen.getByText('bisher 0 Bestellungen gefunden')).toBeTruthy();
    await user.click(within(stopped).getByRole('button', { name: ADMIN_ORDER_TEXT.searchOlder }));
    await screen.findByTestId('admin-order-row');
    expect(sent.at(-1)?.path).toMatch(/page=2/);
    expect(sent.at(-1)?.path).toMatch(/cursor=c2/);
    expect(sent.at(-1)?.path).toMatch(/seen=0/);
    expect(screen.queryByTestId('admin-orders-stopped')).toBeNull();
    expect(screen.getByText('1 Bestellung')).toBeTruthy();
  });

  it('asks before reversing and shows a refusal as Warnung! with the server message', async () => {
    const message = 'Die Rückerstattung wurde von Stripe abgelehnt: Charge has been charged back.';
    const sent = stubFetch((path) =>
      path.startsWith('order/reverse-order')
        ? json(422, { message, errors: { id: [message] } })
        : json(200, page([ROW])),
    );
    const user = renderPage();
    const row = await screen.findByTestId('admin-order-row');
    await user.click(within(row).getByTestId('admin-order-reverse'));
    const confirm = await screen.findByTestId('message-dialog');
    expect(confirm.textContent).toContain(ADMIN_ORDER_TEXT.confirmReverse);
    await user.click(within(confirm).getByRole('button', { name: ADMIN_ORDER_TEXT.reverse }));
    await waitFor(() => expect(screen.getByTestId('message-dialog').textContent).toContain('Warnung!'));
    expect(screen.getByTestId('message-dialog').textContent).toContain(message);
    expect(sent.find((s) => s.path === 'order/reverse-order')?.body).toEqual({ id: 'o-1', reverse: true });
  });

  it('offers no reversal for a reversed order', async () => {
    stubFetch(() => json(200, page([{ ...ROW, reversed: true }])));
    renderPage();
    const row = await screen.findByTestId('admin-order-row');
    expect(within(row).getByText(ADMIN_ORDER_TEXT.reversed)).toBeTruthy();
    expect(within(row).queryByTestId('admin-order-reverse')).toBeNull();
  });
});
