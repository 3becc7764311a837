// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ApiUser } from '@gm/shared/auth/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeUser, json } from '../../../testing/fixtures.ts';
import { UsersAdminScreen } from './users-admin-screen.tsx';

function paged(data: ApiUser[]) {
  return {
    data,
    current_page: 1,
    last_page: 1,
    next_page_url: null,
    total: data.length,
    per_page: 10,
    from: data.length ? 1 : null,
    to: data.length || null,
  };
}

const buyer = makeUser('user', { id: 'b-1', username: 'anna', origin: 'register' });
const seller = makeUser('seller', {
  id: 's-1',
  username: 'alpenspa',
  origin: 'seller_registration',
  detail: { ...buyer.detail, firstName: 'Maria', lastName: 'Huber', fullname: 'Maria Huber' },
});

/** Records every request and answers from `route`. */
function stubFetch(route: (path: string, method: string) => Response) {
  const sent: Array<{ path: string; method: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^.*\/api\/v1\//, '');
      const method = init?.method ?? 'GET';
      sent.push({ path, method });
      return route(path, method);
    }),
  );
  return sent;
}

function renderScreen() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <MemoryRouter>
          <UsersAdminScreen />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const lists = (sent: Array<{ path: string; method: string }>) =>
  sent.filter((r) => r.path.startsWith('user/user-filter')).map((r) => new URL(r.path, 'http://x/').searchParams);

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

describe('UsersAdminScreen', () => {
  it('lists the Users tab with origin, and searches 350 ms after the last key with one request', async () => {
    const sent = stubFetch((path) =>
      json(200, paged(new URL(path, 'http://x/').searchParams.get('role') === 'seller' ? [seller] : [buyer])),
    );
    const user = renderScreen();
    const row = await screen.findByTestId('users-row');
    expect(within(row).getByText('anna')).toBeTruthy();
    expect(within(row).getByText('Anna Berger')).toBeTruthy();
    expect(within(row).getByTestId('users-row-origin').textContent).toBe('Registrierung');
    expect(lists(sent).map((q) => [q.get('role'), q.get('keyword')])).toEqual([['user', null]]);

    await user.type(screen.getByTestId('users-search'), 'ann');
    // Typed quickly: nothing asked yet.
    expect(lists(sent)).toHaveLength(1);
    await waitFor(() => expect(lists(sent)).toHaveLength(2), { timeout: 2000 });
    expect(lists(sent)[1]!.get('keyword')).toBe('ann');
    expect(lists(sent)[1]!.get('role')).toBe('user');
  });

  it('switches to the Sellers tab and flips a seller’s gift lock, the label following the new state', async () => {
    let locked = false;
    const sent = stubFetch((path, method) => {
      if (method === 'PUT' && path === 'user/user-gift-status/s-1') {
        locked = !locked;
        return json(200, {
          message: locked ? 'Die Geschenkfunktion wurde gesperrt.' : 'Die Geschenkfunktion wurde entsperrt.',
          user: { ...seller, gift_locked: locked },
        });
      }
      return json(200, paged(new URL(path, 'http://x/').searchParams.get('role') === 'seller' ? [seller] : [buyer]));
    });
    const user = renderScreen();
    await screen.findByText('anna');
    // Buyers have no seller switches.
    expect(screen.queryByTestId('user-user-gift-status')).toBeNull();
    expect(screen.getByTestId('user-status-toggle').textContent).toBe('Deaktivieren');

    await user.click(screen.getByRole('tab', { name: 'Unternehmen' }));
    await screen.findByText('alpenspa');
    expect(screen.getByRole('tab', { name: 'Unternehmen' }).getAttribute('aria-selected')).toBe('true');
    expect(lists(sent).at(-1)!.get('role')).toBe('seller');
    expect(screen.getByTestId('user-payout-settings').getAttribute('href')).toBe('/settings/user/s-1');

    await user.click(screen.getByRole('button', { name: 'Geschenk sperren: alpenspa' }));
    expect(await screen.findByText('Die Geschenkfunktion wurde gesperrt.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['user/user-gift-status/s-1']);
    expect(await screen.findByRole('button', { name: 'Geschenk entsperren: alpenspa' })).toBeTruthy();
    expect(screen.getByTestId('users-row-state').textContent).toContain('Geschenk gesperrt');
  });

  it('shows the server’s refusal as Warnung! and the empty list text', async () => {
    stubFetch((path, method) => {
      if (method === 'PUT') return json(422, { message: 'Diese Einstellung gibt es nur für Verkäufer.', errors: {} });
      const role = new URL(path, 'http://x/').searchParams.get('role');
      return json(200, paged(role === 'seller' ? [seller] : []));
    });
    const user = renderScreen();
    expect(await screen.findByText(TEXT.empty)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Unternehmen' }));
    await user.click(await screen.findByRole('button', { name: 'Monatliches Reporting aktivieren: alpenspa' }));
    expect(await screen.findByText(TEXT.warning)).toBeTruthy();
    expect(screen.getByText('Diese Einstellung gibt es nur für Verkäufer.')).toBeTruthy();
  });
});
