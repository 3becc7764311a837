// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { PAYOUT_TEXT, TRANSFER_STATUS_LABEL, type SellerInvoice } from '@gm/shared/payouts/contracts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { makeUser, json } from '../../../testing/fixtures.ts';
import { compactIban, PayoutAdmin, rangeError, statsRange } from './payout-admin.tsx';

const SELLER = makeUser('seller', { id: 's-1', username: 'alpenspa', origin: 'seller_registration' });

const ROW: SellerInvoice = {
  id: 'inv-1',
  invoice_no: 'PR-2026-000007',
  seller_id: 's-1',
  company_name: 'Alpen Spa GmbH',
  iban: '••••••••••••••••3201',
  period_start: null,
  period_end: '2026-11-20T10:00:00.000Z',
  issued_at: '2026-11-20T10:05:00.000Z',
  line_count: 3,
  gross: 30000,
  commission: 3000,
  commission_vat: 600,
  processing_fees: 150,
  seller_net: 26850,
  reversals: 0,
  adjustments: 0,
  carried_in: 0,
  carry_out: 0,
  payout: 26250,
  email_sent: false,
  email_sent_at: null,
  transfer_status: 'manual',
  stripe_transfer_id: null,
  paid_at: null,
  isCompleted: false,
};

const page = (rows: SellerInvoice[]) => ({
  data: rows,
  current_page: 1,
  last_page: 1,
  next_page_url: null,
  next_cursor: null,
  total: rows.length,
  per_page: 10,
  from: rows.length ? 1 : null,
  to: rows.length ? rows.length : null,
});

const STATS = {
  invoice_count: 1,
  gross: 30000,
  commission: 3000,
  commission_vat: 600,
  processing_fees: 150,
  payout: 26250,
  paid_out: 0,
  open_payouts: 1,
};

function stubFetch(route: (path: string, init?: RequestInit) => Response | undefined) {
  const sent: Array<{ path: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\/v1\//, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ path, method: init?.method ?? 'GET', body });
      const answer = route(path, init);
      if (answer) return answer;
      if (path.startsWith('seller-invoice/commission-stats')) return json(200, { data: STATS });
      return json(200, page([ROW]));
    }),
  );
  return sent;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <PayoutAdmin />
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

const listCalls = (sent: Array<{ path: string }>) =>
  sent.filter((s) => s.path === 'seller-invoice' || s.path.startsWith('seller-invoice?'));

describe('PayoutAdmin', () => {
  it('shows the columns, the cards, and Pending / transfer labels', async () => {
    const sent = stubFetch(() => undefined);
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Auszahlungsmanagment');
    const row = await screen.findByTestId('payout-row');
    expect(within(row).getByText('PR-2026-000007')).toBeTruthy();
    expect(within(row).getByText('Alpen Spa GmbH')).toBeTruthy();
    expect(within(row).getByText('262,50 €')).toBeTruthy();
    expect(within(row).getByText('•••• 3201')).toBeTruthy();
    expect(within(row).getByTestId('payout-status').textContent).toBe(PAYOUT_TEXT.statusPending);
    expect(within(row).getByTestId('payout-transfer').textContent).toBe(TRANSFER_STATUS_LABEL.manual);
    expect(within(row).getByTestId('payout-complete')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('payout-stat-open_payouts').textContent).toBe('1'));
    expect(new URL(listCalls(sent)[0]!.path, 'http://x/').searchParams.get('paginate')).toBe('10');
  });

  it('offers no payment-complete action for a Stripe transfer; Completed once mailed', async () => {
    stubFetch((path) =>
      path.startsWith('seller-invoice?') || path === 'seller-invoice'
        ? json(200, page([{ ...ROW, transfer_status: 'paid', email_sent: true, isCompleted: true }]))
        : undefined,
    );
    renderPage();
    const row = await screen.findByTestId('payout-row');
    expect(within(row).queryByTestId('payout-complete')).toBeNull();
    expect(within(row).getByTestId('payout-status').textContent).toBe(PAYOUT_TEXT.statusCompleted);
  });

  it("shows 'No Records found.' on a 422 of the list and 'Noch keine Daten vorhanden.' when empty", async () => {
    stubFetch((path) =>
      path.startsWith('seller-invoice?') ? json(422, { message: 'Ungültig', errors: { to: ['x'] } }) : undefined,
    );
    renderPage();
    expect((await screen.findByTestId('payout-no-records')).textContent).toBe('No Records found.');
    cleanup();
    vi.unstubAllGlobals();
    stubFetch((path) => (path.startsWith('seller-invoice?') ? json(200, page([])) : undefined));
    renderPage();
    expect((await screen.findByTestId('empty-state')).textContent).toBe('Noch keine Daten vorhanden.');
  });

  it('refuses an end before the start without a request; downloads wait for both dates', async () => {
    const sent = stubFetch(() => undefined);
    renderPage();
    await screen.findByTestId('payout-row');
    const pdf = screen.getByTestId('payout-download-pdf') as HTMLButtonElement;
    expect(pdf.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('payout-from'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(listCalls(sent).some((s) => new URL(s.path, 'http://x/').searchParams.get('from') === '2026-11-20')).toBe(
        true,
      ),
    );
    const before = listCalls(sent).length;
    fireEvent.change(screen.getByTestId('payout-to'), { target: { value: '2026-11-10' } });
    expect(await screen.findByText('Bitte gib ein gültiges Datum ein')).toBeTruthy();
    expect(pdf.disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(sent).length).toBe(before);
    fireEvent.change(screen.getByTestId('payout-to'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(pdf.disabled).toBe(false));
    expect(screen.queryByText('Bitte gib ein gültiges Datum ein')).toBeNull();
  });

  it('sends an invoice after a confirmation and shows the success', async () => {
    const sent = stubFetch((path) =>
      path.startsWith('seller-invoice/send-invoice/')
        ? json(200, { message: PAYOUT_TEXT.invoiceSent, data: { ...ROW, email_sent: true } })
        : undefined,
    );
    const user = renderPage();
    const row = await screen.findByTestId('payout-row');
    await user.click(within(row).getByTestId('payout-send'));
    const confirm = await screen.findByTestId('message-dialog');
    await user.click(within(confirm).getByRole('button', { name: PAYOUT_TEXT.sendInvoice }));
    await waitFor(() => expect(screen.getByTestId('message-dialog').textContent).toContain('Erfolgreich!'));
    expect(screen.getByTestId('message-dialog').textContent).toContain(PAYOUT_TEXT.invoiceSent);
    expect(sent.some((s) => s.path === 'seller-invoice/send-invoice/inv-1' && s.method === 'GET')).toBe(true);
  });

  it('marks a payment complete with PUT {isCompleted:true}; a refusal shows Warnung!', async () => {
    const sent = stubFetch((path, init) =>
      path === 'seller-invoice/inv-1' && init?.method === 'PUT'
        ? json(422, { message: PAYOUT_TEXT.notCompletable, errors: { isCompleted: [PAYOUT_TEXT.notCompletable] } })
        : undefined,
    );
    const user = renderPage();
    const row = await screen.findByTestId('payout-row');
    await user.click(within(row).getByTestId('payout-complete'));
    const confirm = await screen.findByTestId('message-dialog');
    await user.click(within(confirm).getByRole('button', { name: PAYOUT_TEXT.markComplete }));
    await waitFor(() => expect(screen.getByTestId('message-dialog').textContent).toContain('Warnung!'));
    expect(screen.getByTestId('message-dialog').textContent).toContain(PAYOUT_TEXT.notCompletable);
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({ isCompleted: true });
  });

  it("runs a payout for a picked seller: 'Erfolgreich!' with the run text", async () => {
    const sent = stubFetch((path, init) => {
      if (path.startsWith('user/user-filter'))
        return json(200, {
          data: [SELLER],
          current_page: 1,
          last_page: 1,
          next_page_url: null,
          total: 1,
          per_page: 10,
          from: 1,
          to: 1,
        });
      if (path === 'seller-invoice' && init?.method === 'POST') return json(201, { message: PAYOUT_TEXT.runDone });
      return undefined;
    });
    const user = renderPage();
    await screen.findByTestId('payout-row');
    await user.click(screen.getByTestId('payout-run'));
    const modal = await screen.findByTestId('run-payout-modal');
    const select = within(modal).getByLabelText(/Verkäufer\b/, { selector: 'select' });
    await waitFor(() => expect(within(select).queryByText(/alpenspa/)).toBeTruthy());
    await user.selectOptions(select, 's-1');
    await user.click(within(modal).getByTestId('run-payout-submit'));
    await waitFor(() => expect(screen.getByTestId('message-dialog').textContent).toContain('Erfolgreich!'));
    expect(screen.getByTestId('message-dialog').textContent).toContain(PAYOUT_TEXT.runDone);
    expect(sent.find((s) => s.path === 'seller-invoice' && s.method === 'POST')?.body).toEqual({ seller_id: 's-1' });
    expect(sent.some((s) => s.path.startsWith('user/user-filter') && s.path.includes('role=seller'))).toBe(true);
  });
});

describe('payout helpers', () => {
  it('refuses an end before the start (by day) only', () => {
    expect(rangeError('2026-11-20', '2026-11-19')).toBe('Bitte gib ein gültiges Datum ein');
    expect(rangeError('2026-11-20', '2026-11-20')).toBeUndefined();
    expect(rangeError('', '2026-11-19')).toBeUndefined();
  });

  it('sums the current year when no range is chosen', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(statsRange({ from: '', to: '' }, now)).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(statsRange({ from: '2026-11-01', to: '' }, now)).toEqual({ from: '2026-11-01', to: '' });
  });

  it('shortens the masked IBAN to four dots and the last four characters', () => {
    expect(compactIban('••••••••••••••••3201')).toBe('••••\u00a03201');
    expect(compactIban('3201')).toBe('3201');
  });
});
