// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ACTIVATION_TEXT, type VerificationSummary } from '@gm/shared/admin/seller-activation';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { makeUser, json } from '../../../testing/fixtures.ts';
import { SellerActivationAction } from './seller-activation.tsx';

const SUMMARY: VerificationSummary = {
  user_id: 's-1',
  username: 'alpenhof',
  email: 'alpenhof@example.com',
  company_name: 'Alpenhof GmbH',
  is_partner: false,
  isActivated: false,
  verification: {
    first_name: 'Maria',
    last_name: 'Huber',
    bday: '1980-04-12',
    status: 'submitted',
    verified_at: null,
    verified_by: null,
    documents: { front: true, back: true, additional: false },
  },
  can_activate: true,
};

/** Records every request (path, method and JSON body) and answers from `route`. */
function stubFetch(route: (path: string, method: string) => Response) {
  const sent: Array<{ path: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\/v1\//, '');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      sent.push({ path, method, body });
      return route(path, method);
    }),
  );
  return sent;
}

function renderAction(isActivated = false) {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <DialogProvider>
        <SellerActivationAction userId="s-1" username="alpenhof" isActivated={isActivated} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

beforeAll(() => {
  // jsdom has no <dialog> methods.
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

describe('SellerActivationAction', () => {
  it('shows only a label for an activated seller', () => {
    stubFetch(() => json(500, {}));
    renderAction(true);
    expect(screen.getByText('Aktiviert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aktivieren' })).toBeNull();
  });

  it('shows the verification data, opens a document through a fresh link, activates and refreshes the users list', async () => {
    const user = userEvent.setup();
    const sent = stubFetch((path, method) => {
      if (path === 'user/s-1/verification') return json(200, { data: SUMMARY });
      if (path === 'user/s-1/verification-document')
        return json(200, { url: 'http://127.0.0.1:4569/private/front.png?X-Amz-Expires=60', expires_in: 60 });
      if (path === 'user/user-status/s-1' && method === 'PUT')
        return json(200, { message: ACTIVATION_TEXT.activated, user: makeUser('seller', { isActivated: true }) });
      return json(404, { message: 'nicht gefunden' });
    });
    const { invalidate } = renderAction();

    await user.click(screen.getByRole('button', { name: 'Aktivieren' }));
    const dialog = await screen.findByTestId('seller-activation-dialog');
    await within(dialog).findByText('Maria');
    expect(within(dialog).getByText('Alpenhof GmbH')).toBeTruthy();
    expect(within(dialog).getByText('12.04.1980')).toBeTruthy();
    expect(within(dialog).getByTestId('verification-document-additional')).toHaveProperty('disabled', true);

    await user.click(within(dialog).getByTestId('verification-document-front'));
    const preview = await within(dialog).findByTestId('verification-document-preview');
    expect(preview.querySelector('img')?.getAttribute('src')).toContain('X-Amz-Expires=60');
    expect(sent).toContainEqual({ path: 'user/s-1/verification-document', method: 'POST', body: { kind: 'front' } });

    await user.click(within(dialog).getByTestId('seller-activation-submit'));
    await screen.findByText(ACTIVATION_TEXT.activated);
    expect(screen.getByText('Erfolgreich!')).toBeTruthy();
    expect(sent).toContainEqual({ path: 'user/user-status/s-1', method: 'PUT', body: { isActivated: true } });
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['admin-users'] })),
    );
    expect(screen.queryByTestId('seller-activation-dialog')).toBeNull();
  });

  it('disables activation without documents and shows a refusal as Warnung! with the server message', async () => {
    const user = userEvent.setup();
    stubFetch((path) => {
      if (path === 'user/s-1/verification')
        return json(200, { data: { ...SUMMARY, verification: null, can_activate: false } });
      return json(422, {
        message: ACTIVATION_TEXT.documentsMissing,
        errors: { isActivated: [ACTIVATION_TEXT.documentsMissing] },
      });
    });
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Aktivieren' }));
    const dialog = await screen.findByTestId('seller-activation-dialog');
    await within(dialog).findByTestId('seller-activation-missing');
    expect(within(dialog).getByTestId('seller-activation-submit')).toHaveProperty('disabled', true);
  });

  it('shows a 422 of the activation as Warnung! with the server message', async () => {
    const user = userEvent.setup();
    stubFetch((path) => {
      if (path === 'user/s-1/verification') return json(200, { data: SUMMARY });
      return json(422, {
        message: ACTIVATION_TEXT.documentsMissing,
        errors: { isActivated: [ACTIVATION_TEXT.documentsMissing] },
      });
    });
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Aktivieren' }));
    const dialog = await screen.findByTestId('seller-activation-dialog');
    await within(dialog).findByText('Maria');
    await user.click(within(dialog).getByTestId('seller-activation-submit'));
    await screen.findByText('Warnung!');
    expect(screen.getAllByText(ACTIVATION_TEXT.documentsMissing).length).toBeGreaterThan(0);
  });
});
