// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { EMPTY_VOUCHER_STATS, toVoucherCard } from '@gm/shared/catalogue/contracts';
import { authStore } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { makeUser, makeVoucher, json } from '../../../testing/fixtures.ts';
import { VoucherCard } from './voucher-card.tsx';

const voucher = makeVoucher({ id: 'v-1', title: 'Wellness-Tag', is_featured: false });

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DialogProvider>
          <VoucherCard voucher={toVoucherCard(voucher)} />
        </DialogProvider>
      </MemoryRouter>
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
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('voucher card for admins', () => {
  it('has no admin button for guests and other roles', () => {
    renderCard();
    expect(screen.queryByTestId('voucher-card-admin')).toBeNull();
    cleanup();
    authStore.signIn({ token: 'tok', user: makeUser('seller') });
    renderCard();
    expect(screen.queryByTestId('voucher-card-admin')).toBeNull();
  });

  it('opens the admin modal from the header: status, featured toggle, seller, statistics link', async () => {
    const sent: string[] = [];
    let featured = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input).replace(/^\/api\/v1\//, '');
        sent.push(`${init?.method ?? 'GET'} ${path}`);
        if (path.startsWith('voucher/update-feature/')) {
          featured = !featured;
          return json(200, {
            message: 'Der Gutschein wird jetzt gesponsert.',
            voucher: toVoucherCard({ ...voucher, is_featured: featured }),
          });
        }
        return json(200, { ...voucher, is_featured: featured, stats: { ...EMPTY_VOUCHER_STATS, sold_count: 3 } });
      }),
    );
    authStore.signIn({ token: 'tok', user: makeUser('admin') });
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: 'Admin-Ansicht: Wellness-Tag' }));
    const modal = await screen.findByTestId('admin-voucher-modal');
    expect(within(modal).getByTestId('admin-voucher-status').textContent).toBe('Aktiv');
    expect(within(modal).getByTestId('admin-voucher-featured').textContent).toBe('Nicht gesponsert');
    expect(within(modal).getByTestId('admin-voucher-statistic').getAttribute('href')).toBe('/vouchers/statistic/v-1');
    await waitFor(() => expect(sent).toContain('GET voucher/v-1?with_stat=1'));

    await user.click(within(modal).getByTestId('admin-voucher-feature-toggle'));
    await user.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(within(modal).getByTestId('admin-voucher-featured').textContent).toBe('Gesponsert'));
    expect(sent).toContain('POST voucher/update-feature/v-1');
  });
});
