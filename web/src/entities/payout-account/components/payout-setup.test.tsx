// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CONNECT_TEXT } from '@gm/shared/admin/connect-onboarding';
import { API_BASE } from '../../../lib/api-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { PayoutSetupSection } from './payout-setup.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderSection(back = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DialogProvider>
        <PayoutSetupSection back={back} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PayoutSetupSection', () => {
  it('starts onboarding and goes to the Account Link, with a loading state meanwhile', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetch = vi.fn((url: string) =>
      url.endsWith('user/stipe-status')
        ? Promise.resolve(answer(200, { isPayoutEnabled: false }))
        : new Promise<Response>((resolve) => (release = resolve)),
    );
    vi.stubGlobal('fetch', fetch);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: CONNECT_TEXT.start }));
    const busy = await screen.findByRole('button', { name: new RegExp(CONNECT_TEXT.starting) });
    expect(busy).toHaveProperty('disabled', true);
    const [url, init] = fetch.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe(`${API_BASE}user/stripe-onboarding`);
    expect(init.method).toBe('POST');
    release(answer(200, { url: 'http://stripe.local/__onboarding/acct_1?token=t' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.local/__onboarding/acct_1?token=t'));
  });

  it('shows payouts enabled once the status says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(200, { isPayoutEnabled: true }))),
    );
    renderSection(true);
    expect((await screen.findByTestId('payout-enabled')).textContent).toBe(CONNECT_TEXT.enabled);
    expect(screen.queryByRole('button', { name: CONNECT_TEXT.start })).toBeNull();
  });

  it('shows the server message of a 422 in a dialog', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.endsWith('user/stipe-status')
            ? answer(200, { isPayoutEnabled: false })
            : answer(422, { message: CONNECT_TEXT.noPayoutAccount, errors: {} }),
        ),
      ),
    );
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: CONNECT_TEXT.start }));
    expect(await screen.findByText(CONNECT_TEXT.noPayoutAccount)).toBeTruthy();
  });
});
