// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeVoucher } from '../../../testing/fixtures.ts';
import { VoucherDiscovery } from './voucher-discovery.tsx';

const LAST_PAGE = 4;

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** A fake API: four pages of nine results for every search; the bodies it was asked with, in order. */
function fakeApi() {
  const searches: Array<Record<string, unknown>> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('voucher-category')) return answer({ data: [] });
    if (url.endsWith('voucher/search')) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      searches.push(body);
      const page = Number(body.page);
      const data = Array.from({ length: 9 }, (_, i) => makeVoucher({ id: `v-${page}-${i}`, title: `Gutschein ${i}` }));
      return answer({
        data,
        current_page: page,
        last_page: LAST_PAGE,
        next_page_url: page < LAST_PAGE ? `voucher/search?page=${page + 1}` : null,
        total: LAST_PAGE * 9,
        per_page: 9,
        from: (page - 1) * 9 + 1,
        to: page * 9,
      });
    }
    throw new Error(`unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return { searches };
}

function renderDiscovery(path = '/vouchers/search') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <VoucherDiscovery resultsLabel="Suchergebnisse" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const pager = () => screen.getByTestId('pagination');
const expectPage = (page: number) =>
  waitFor(() => expect(pager().textContent).toContain(`Seite ${page} von ${LAST_PAGE}`));

async function goToLastPage(user: ReturnType<typeof userEvent.setup>) {
  for (let page = 2; page <= LAST_PAGE; page++) {
    const next = within(pager()).getByRole('button', { name: /^Weiter/ });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    await user.click(next);
    await expectPage(page);
  }
}

beforeEach(() => {
  // Desktop: numbered pages (the phone layout loads on instead).
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VoucherDiscovery paging and filters (01 §4)', () => {
  it('pages with previous/next and asks the API for that page of the same search', async () => {
    const { searches } = fakeApi();
    const user = renderDiscovery();
    await expectPage(1);
    await goToLastPage(user);
    expect(searches.map((s) => s.page)).toEqual([1, 2, 3, 4]);
    expect(screen.getByTestId('search-results').querySelector('[data-voucher-id="v-4-0"]')).toBeTruthy();
  });

  it('starts at page 1 again when the active sort is clicked again to clear it', async () => {
    const { searches } = fakeApi();
    const user = renderDiscovery();
    await expectPage(1);
    await goToLastPage(user);
    await user.click(screen.getByTestId('sort-price'));
    await expectPage(1);
    expect(searches.at(-1)).toMatchObject({ isLowestPrice: true, page: 1 });
    await goToLastPage(user);

    await user.click(screen.getByTestId('sort-price'));
    await expectPage(1);
    expect(screen.getByTestId('sort-price').getAttribute('aria-pressed')).toBe('false');
    // The unsorted page 1 is still known; page 4 of it is not asked for again.
    expect(searches.at(-1)).toMatchObject({ isLowestPrice: true, page: LAST_PAGE });
    expect(screen.getByTestId('search-results').querySelector('[data-voucher-id="v-1-0"]')).toBeTruthy();
  });

  it("starts at page 1 again when the region goes back to 'Alle Regionen'", async () => {
    const { searches } = fakeApi();
    const user = renderDiscovery('/vouchers/search?page=4');
    await expectPage(4);
    await user.selectOptions(screen.getByTestId('filter-region'), '1');
    await expectPage(1);
    expect(searches.at(-1)).toMatchObject({ isRegion: 1, page: 1 });
    await goToLastPage(user);

    await user.selectOptions(screen.getByTestId('filter-region'), '');
    await expectPage(1);
    expect(searches.filter((s) => s.isRegion === undefined).map((s) => s.page)).toEqual([4, 1]);
  });
});
