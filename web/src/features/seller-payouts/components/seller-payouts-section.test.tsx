// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SellerInvoice, SellerInvoicePage } from '@gm/shared/payouts/contracts';
import type { SellerOrdersResponse, SellerStatistics } from '@gm/shared/seller/dashboard';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SellerPayoutsSection } from './seller-payouts-section.tsx';
import { SellerInvoicesTable } from './seller-invoices-table.tsx';

/** A Gutschrift as GET seller-invoice answers it (figures as payoutLedger computes them). */
const INVOICE: SellerInvoice = {
  id: 'si-1',
  invoice_no: 'PR-2026-000007',
  seller_id: 'seller-1',
  company_name: 'Alpenspa GmbH',
  iban: '••••••••••••••••3201',
  period_start: '2026-11-11T22:55:00.000Z',
  period_end: '2026-11-25T22:55:00.000Z',
  issued_at: '2026-11-26T06:00:00.000Z',
  line_count: 3,
  gross: 15000,
  commission: 1250,
  commission_vat: 250,
  processing_fees: 300,
  seller_net: 13450,
  reversals: 2000,
  adjustments: 500,
  carried_in: -100,
  carry_out: 0,
  payout: 10600,
  email_sent: false,
  email_sent_at: null,
  transfer_status: 'paid',
  stripe_transfer_id: 'tr_1',
  paid_at: '2026-11-26T06:00:05.000Z',
  isCompleted: true,
};

const STATS = {
  voucher_daily: 0,
  voucher_week: 0,
  voucher_month: 3,
  voucher_total: 3,
  weekly_voucher_sold: 0,
  seller_daily_earnings: 0,
  seller_weekly_earnings: 0,
  seller_monthly_earnings: 13450,
  weekly_earnings: 0,
  total_earnings: 13450,
  daily_redemptions: 0,
  weekly_redemptions: 0,
  monthly_redemptions: 0,
  total_redemptions: 0,
  employee_redemptions: 0,
  payout: {
    total_earnings_with_commission: 15000,
    total_seller_earnings: 14600,
    waiting_for_payout: 4000,
    days_until_next_payout: 0,
    payout_every: 14,
  },
  isPayoutEnabled: true,
} satisfies SellerStatistics;

const page = (data: SellerInvoice[], next: string | null = null): SellerInvoicePage => ({
  data,
  current_page: 1,
  last_page: next ? 2 : 1,
  next_page_url: next ? `/api/v1/seller-invoice?page=2&cursor=${next}` : null,
  total: data.length + (next ? 10 : 0),
  per_page: 10,
  from: data.length ? 1 : null,
  to: data.length || null,
  next_cursor: next,
});

const dashboard: SellerOrdersResponse = {
  data: [],
  current_page: 1,
  per_page: 9,
  total: 3,
  last_page: 1,
  next_cursor: null,
  next_page_url: null,
  stats: STATS,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the section calls it: the dashboard stats, the invoice pages and a Gutschrift's PDF. */
function stubApi(invoices: SellerInvoicePage) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/order') return json(dashboard);
    if (url.pathname === '/api/v1/seller-invoice') return json(invoices);
    if (url.pathname === '/api/v1/seller-invoice/si-1/pdf')
      return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    return json({ message: 'Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <SellerPayoutsSection />
      </DialogProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SellerInvoicesTable', () => {
  it('shows one Gutschrift with its period, the ledger figures, the payout and the transfer state', () => {
    const onDownload = vi.fn();
    render(<SellerInvoicesTable invoices={[INVOICE]} onDownload={onDownload} />);
    const row = screen.getByTestId('seller-invoice-row');
    const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent;
    expect(cell('Gutschrift-Nr.')).toBe('PR-2026-000007');
    expect(cell('Datum')).toBe('26.11.2026');
    expect(cell('Zeitraum')).toBe('11-11-2026 – 25-11-2026');
    expect(cell('Umsatz')).toBe('150,00\u00a0€');
    expect(cell('Provision + USt')).toBe('-15,00\u00a0€');
    expect(cell('Zahlungsgebühren')).toBe('-3,00\u00a0€');
    // Reversals 20 €, an adjustment 5 € and 1 € carried in from the last Gutschrift.
    expect(cell('Stornos/Verrechnung')).toBe('-26,00\u00a0€');
    expect(cell('Auszahlung')).toBe('106,00\u00a0€');
    expect(cell('Überweisung')).toBe('Überwiesen');
    within(row).getByRole('button', { name: 'PDF der Gutschrift PR-2026-000007 herunterladen' }).click();
    expect(onDownload).toHaveBeenCalledWith(INVOICE);
  });

  it('shows the first period without a start, and a negative balance carried to the next one', () => {
    render(
      <SellerInvoicesTable
        invoices={[{ ...INVOICE, period_start: null, payout: 0, carry_out: -1234, transfer_status: 'none' }]}
        onDownload={() => undefined}
      />,
    );
    expect(screen.getByTestId('seller-invoice-period').textContent).toBe('bis 25-11-2026');
    expect(screen.getByTestId('seller-invoice-payout').textContent).toBe('0,00\u00a0€');
    expect(screen.getByTestId('seller-invoice-carry').textContent).toBe('Übertrag -12,34\u00a0€');
    expect(screen.getByTestId('seller-invoice-transfer').textContent).toBe('Keine Auszahlung');
  });
});

describe('SellerPayoutsSection', () => {
  it('shows the dashboard payout figures and the seller’s Gutschriften, and downloads a PDF', async () => {
    const fetch = stubApi(page([INVOICE], 'c2'));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    renderSection();

    await screen.findByTestId('seller-invoice-row');
    expect((await screen.findByTestId('payouts-paid-out')).textContent).toBe('106,00\u00a0€');
    expect(screen.getByTestId('payouts-waiting').textContent).toBe('40,00\u00a0€');
    expect(screen.getByTestId('payouts-next').textContent).toBe('heute');
    expect(screen.getByTestId('payouts-every').textContent).toBe('(alle 14 Tage)');
    const list = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === '/api/v1/seller-invoice');
    expect(list?.searchParams.get('paginate')).toBe('10');
    expect(screen.getByText('Seite 1 von 2')).toBeTruthy();

    await userEvent.setup().click(screen.getByTestId('seller-invoice-pdf'));
    await waitFor(() => expect(saved).toEqual(['Gutschrift-PR-2026-000007.pdf']));
    const pdfCall = fetch.mock.calls.find(([u]) => String(u).includes('/pdf'));
    expect(pdfCall?.[1]?.method).toBe('GET');
  });

  it('asks for page 2 with the cursor page 1 answered', async () => {
    const fetch = stubApi(page([INVOICE], 'c2'));
    renderSection();
    await screen.findByTestId('seller-invoice-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Weiter zur nächsten Seite' }));
    await waitFor(() => {
      const asked = fetch.mock.calls
        .map(([u]) => new URL(String(u), 'http://localhost'))
        .filter((u) => u.pathname === '/api/v1/seller-invoice');
      expect(asked.at(-1)?.searchParams.get('cursor')).toBe('c2');
      expect(asked.at(-1)?.searchParams.get('page')).toBe('2');
    });
  });

  it('says “Noch keine Daten vorhanden.” when the seller has no Gutschrift yet', async () => {
    stubApi(page([]));
    renderSection();
    await screen.findByText('Noch keine Daten vorhanden.');
    expect(screen.queryByTestId('seller-invoices-table')).toBeNull();
  });
});
