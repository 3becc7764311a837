// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_TEXT, type BalanceCheckResponse } from '@gm/shared/wallet/balance-check';
import { API_BASE } from '../../../lib/api-client.ts';
import { BalanceCheckForm } from './balance-check-form.tsx';
import { remainingLabel } from './balance-result.tsx';

const CODE = '0123456789ABCDEFGHJKMNPQRS';
const RESULT: BalanceCheckResponse = {
  code: CODE,
  title: 'Wellness-Tag',
  type: 'value',
  status: 'active',
  remaining_value: 3250,
  total_value: 5000,
  remaining_qty: 1,
  qty: 1,
  valid_until: '2031-06-30',
  expired: false,
  seller: { id: 's-1', company_name: 'Alpen Spa' },
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderForm(initialCode?: string) {
  render(
    <StrictMode>
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
          <BalanceCheckForm initialCode={initialCode} />
        </QueryClientProvider>
      </MemoryRouter>
    </StrictMode>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BalanceCheckForm', () => {
  it('sends the normalised code of a pasted QR URL and shows the balance, validity and seller', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, RESULT));
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();
    await user.type(screen.getByTestId('balance-code'), `https://gutscheinmarkt.example/qr/${CODE.toLowerCase()}`);
    await user.click(screen.getByTestId('balance-submit'));
    await screen.findByTestId('balance-result');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API_BASE}balance-check`);
    expect(JSON.parse(String(init.body))).toEqual({ code: CODE });
    expect(screen.getByTestId('balance-remaining').textContent).toBe('32,50\u00a0€ von 50,00\u00a0€');
    expect(screen.getByTestId('balance-valid-until').textContent).toBe('30.06.2031');
    expect(screen.getByTestId('balance-status').textContent).toBe('Gültig');
    expect(screen.getByRole('link', { name: 'Alpen Spa' }).getAttribute('href')).toBe('/seller/s-1');
  });

  it('checks a ?code= link once on arrival (also under StrictMode)', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { ...RESULT, status: 'expired', expired: true }));
    vi.stubGlobal('fetch', fetch);
    renderForm(CODE);
    await screen.findByTestId('balance-result');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('balance-status').textContent).toBe('Abgelaufen');
    expect(screen.getByTestId('balance-valid-until').textContent).toContain('(abgelaufen)');
  });

  it('refuses a malformed code without a request; shows not found with its hint and the 429 message', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(404, { message: BALANCE_TEXT.notFound }))
      .mockResolvedValueOnce(answer(429, { message: BALANCE_TEXT.tooMany }));
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();
    const input = screen.getByTestId('balance-code');
    await user.type(input, 'ABC');
    await user.click(screen.getByTestId('balance-submit'));
    expect(await screen.findByText(BALANCE_TEXT.invalidCode)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, CODE);
    await user.click(screen.getByTestId('balance-submit'));
    const notFound = await screen.findByTestId('balance-not-found');
    expect(notFound.textContent).toContain(BALANCE_TEXT.notFound);
    expect(notFound.textContent).toContain(BALANCE_TEXT.notFoundHint);

    await user.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(screen.getByTestId('form-message').textContent).toContain(BALANCE_TEXT.tooMany));
    expect(screen.queryByTestId('balance-not-found')).toBeNull();
  });
});

describe('remainingLabel', () => {
  it('shows units for product vouchers and the full value alone when nothing was used', () => {
    expect(remainingLabel({ ...RESULT, type: 'quantity', remaining_qty: 2, qty: 3 })).toEqual({
      label: BALANCE_TEXT.remainingQty,
      value: '2 von 3 Stück',
    });
    expect(remainingLabel({ ...RESULT, remaining_value: 5000 }).value).toBe('50,00\u00a0€');
  });
});
