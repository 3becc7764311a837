// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@gm/shared/validation/messages';
import { createQueryClient } from '../../../lib/query-client.ts';
import { InvoiceExport } from './invoice-export.tsx';

const LINK = {
  url: 'https://files.example/exports/s1/0f0e.csv?X-Amz-Expires=300',
  expires_in: 300,
  filename: 'Bestellungen_2026-11-01_2026-11-30.csv',
};
const linkAnswer = () =>
  new Response(JSON.stringify(LINK), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderExport(fetch = vi.fn(async () => linkAnswer())) {
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InvoiceExport />
    </QueryClientProvider>,
  );
  return {
    fetch,
    user: userEvent.setup(),
    from: screen.getByTestId('export-from') as HTMLInputElement,
    to: screen.getByTestId('export-to') as HTMLInputElement,
    csv: screen.getByTestId('export-csv') as HTMLButtonElement,
    pdf: screen.getByTestId('export-pdf') as HTMLButtonElement,
  };
}

const errorOf = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvoiceExport', () => {
  it('keeps both buttons disabled until both dates are chosen', async () => {
    const { user, from, to, csv, pdf } = renderExport();
    expect(csv.disabled).toBe(true);
    expect(pdf.disabled).toBe(true);
    await user.type(from, '2026-11-01');
    expect(csv.disabled).toBe(true);
    await user.type(to, '2026-11-30');
    expect(csv.disabled).toBe(false);
    expect(pdf.disabled).toBe(false);
  });

  it('says “Bitte gib ein gültiges Datum ein” on Bis when the end is before the start, and sends nothing', async () => {
    const { fetch, user, from, to, csv } = renderExport();
    await user.type(from, '2026-11-30');
    await user.type(to, '2026-11-01');
    await waitFor(() => expect(errorOf(to)).toBe(MSG.invalidDate));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(from)).toBe('');
    await user.click(csv);
    expect(fetch).not.toHaveBeenCalled();

    // Moving the start before the end clears it.
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await waitFor(() => expect(errorOf(to)).toBe(''));
  });

  it('asks for the CSV of a valid range and opens the answered link, named with its dates', async () => {
    const { fetch, user, from, to, csv } = renderExport();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.type(from, '2026-11-01');
    await user.type(to, '2026-11-30');
    await user.click(csv);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/seller-invoice/download-order-csv');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe(LINK.url);
    expect(link.download).toBe('Bestellungen_2026-11-01_2026-11-30.csv');
  });

  it('puts the server’s 422 on its field', async () => {
    const refused = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Ungültig', errors: { to: [MSG.invalidDate] } }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const { user, from, to, pdf } = renderExport(refused);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.type(from, '2026-11-01');
    await user.type(to, '2026-11-30');
    await user.click(pdf);
    await waitFor(() => expect(errorOf(to)).toBe(MSG.invalidDate));
  });
});
