// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ACCOUNTING_TEXT } from '@gm/shared/payouts/accounting';
import { MSG } from '@gm/shared/validation/messages';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AccountingPanel } from './accounting-panel.tsx';

const LINK = {
  url: 'https://files.example/exports/s1/0f0e.csv?X-Amz-Expires=300',
  expires_in: 300,
  filename: 'EXTF_Buchungsstapel_2026-11-01_2026-11-30.csv',
};
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPanel(fetch = vi.fn(async () => answer(200, LINK)), sellerId?: string, admin = false) {
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccountingPanel sellerId={sellerId} admin={admin} />
    </QueryClientProvider>,
  );
  return {
    fetch,
    user: userEvent.setup(),
    from: screen.getByTestId('accounting-from') as HTMLInputElement,
    to: screen.getByTestId('accounting-to') as HTMLInputElement,
    datev: screen.getByTestId('accounting-datev') as HTMLButtonElement,
    bmd: screen.getByTestId('accounting-bmd') as HTMLButtonElement,
    outstanding: screen.getByTestId('accounting-outstanding') as HTMLButtonElement,
  };
}

const errorOf = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');
const sent = (fetch: ReturnType<typeof vi.fn>) => {
  const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
  return { url: String(url), body: JSON.parse(String(init.body)) as Record<string, unknown> };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AccountingPanel', () => {
  it('shows the three exports with German labels; DATEV and BMD wait for both dates', async () => {
    const { user, from, to, datev, bmd, outstanding } = renderPanel();
    expect(screen.getByRole('heading', { name: ACCOUNTING_TEXT.title })).toBeTruthy();
    expect(datev.textContent).toBe('DATEV-Export');
    expect(bmd.textContent).toBe('BMD-Export');
    expect(outstanding.textContent).toBe('Gutscheinverbindlichkeiten');
    expect(datev.disabled).toBe(true);
    await user.type(from, '2026-11-01');
    await user.type(to, '2026-11-30');
    expect(datev.disabled).toBe(false);
    expect(bmd.disabled).toBe(false);
  });

  it('says “Bitte gib ein gültiges Datum ein” on Bis when the end is before the start, and sends nothing', async () => {
    const { fetch, user, from, to, datev } = renderPanel();
    await user.type(from, '2026-11-30');
    await user.type(to, '2026-11-01');
    await waitFor(() => expect(errorOf(to)).toBe(MSG.invalidDate));
    await user.click(datev);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for the DATEV batch with the chart and opens the link', async () => {
    const { fetch, user, from, to, datev } = renderPanel();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.type(from, '2026-11-01');
    await user.type(to, '2026-11-30');
    await user.selectOptions(screen.getByLabelText(ACCOUNTING_TEXT.chart), 'SKR04');
    await user.type(screen.getByTestId('accounting-consultant'), '4711');
    await user.click(datev);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const { url, body } = sent(fetch);
    expect(url).toMatch(/accounting\/datev$/);
    expect(body).toEqual({ from: '2026-11-01', to: '2026-11-30', chart: 'SKR04', consultant_no: 4711 });
  });

  it('an admin chooses the view and names the seller; a seller has no view to choose', async () => {
    const { fetch, user, from, to, bmd } = renderPanel(undefined, 'seller-7', true);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.type(from, '2026-11-01');
    await user.type(to, '2026-11-30');
    await user.selectOptions(screen.getByLabelText(ACCOUNTING_TEXT.view), 'seller');
    await user.click(bmd);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const { url, body } = sent(fetch);
    expect(url).toMatch(/accounting\/bmd$/);
    expect(body).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      chart: 'SKR03',
      view: 'seller',
      seller_id: 'seller-7',
    });
    cleanup();
    renderPanel();
    expect(screen.queryByLabelText(ACCOUNTING_TEXT.view)).toBeNull();
  });

  it('the Stichtag report names the seller for an admin, and a 404 is shown next to the form', async () => {
    const fetch = vi.fn(async () => answer(404, { message: ACCOUNTING_TEXT.noBookings }));
    const { user, outstanding } = renderPanel(fetch, 'seller-7');
    await user.click(outstanding);
    await waitFor(() => expect(screen.getByTestId('accounting-message').textContent).toBe(ACCOUNTING_TEXT.noBookings));
    const { url, body } = sent(fetch);
    expect(url).toMatch(/accounting\/outstanding-vouchers$/);
    expect(body).toMatchObject({ seller_id: 'seller-7' });
    expect(body.at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
