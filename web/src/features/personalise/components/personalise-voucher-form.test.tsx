// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import { MSG } from '@gm/shared/validation/messages';
import type { UserVoucherDetail } from '@gm/shared/wallet/contracts';
import { NOTE_MAX, PERSONALISE_TEXT } from '@gm/shared/wallet/personalisation';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { makeVoucher } from '../../../testing/fixtures.ts';
import { PersonaliseVoucherForm } from './personalise-voucher-form.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A bought product voucher (49 €) without a design yet, loaded at version 3. */
const VOUCHER = {
  id: 'uv-1',
  type: 'quantity',
  qty: 1,
  value: null,
  voucher: toVoucherCard(makeVoucher({ title: 'Wellness-Tag' })),
  personalisation: null,
  version: 3,
} as unknown as UserVoucherDetail;

const SAVED = {
  template_id: null,
  template_image: null,
  custom_image: null,
  custom_background_image: null,
  background_aid: null,
  text_color: '#ffffff',
  note: 'Alles Gute!',
  price_hidden: true,
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** Templates for the background choice; the save answers with `save`. */
function stubApi(save: Response = answer(200, { data: { id: 'uv-1', personalisation: SAVED, version: 4 } })) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (String(url).endsWith('/template')) return Promise.resolve(answer(200, { data: [] }));
    if (init?.method === 'POST') return Promise.resolve(save);
    return Promise.reject(new Error(`unexpected ${String(url)}`));
  });
  vi.stubGlobal('fetch', fetch);
  const saves = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { fetch, saves };
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/vouchers/personalized/:id',
        element: <PersonaliseVoucherForm voucher={VOUCHER} sellerName="Alpen Spa" />,
      },
      { path: '/wallet', element: <h1>Meine Wallet</h1> },
    ],
    { initialEntries: ['/vouchers/personalized/uv-1'] },
  );
  render(
    <QueryClientProvider client={client}>
      <DialogProvider>
        <RouterProvider router={router} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const note = () => screen.getByLabelText(/Persönliche Nachricht/);
const preview = () => screen.getByTestId('personalise-preview');

beforeAll(() => {
  // jsdom has no modal dialogs; the app's Modal only needs them to open and close.
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

describe('PersonaliseVoucherForm (01 §2 "Personalise", §3, §5)', () => {
  it('the preview follows the message and shows the price only without “Preis verstecken”', async () => {
    stubApi();
    const { user } = renderForm();
    // 01 §3: the price is hidden by default.
    const hidePrice = screen.getByLabelText(PERSONALISE_TEXT.hidePrice);
    expect(hidePrice).toHaveProperty('checked', true);
    expect(within(preview()).queryByTestId('personalise-preview-price')).toBeNull();

    await user.type(note(), 'Alles Gute, Mama!');
    expect(screen.getByTestId('personalise-preview-note').textContent).toBe('Alles Gute, Mama!');
    expect(screen.getByTestId('counter-note').textContent).toContain(`17 / ${NOTE_MAX}`);

    await user.click(hidePrice);
    expect(screen.getByTestId('personalise-preview-price').textContent).toContain('49,00');
    await user.click(screen.getByTitle('Rot'));
    expect(preview().getAttribute('style')).toContain('color: rgb(255, 85, 99)');
  });

  it('refuses a message over 120 characters without sending anything', async () => {
    const { saves } = stubApi();
    const { user } = renderForm();
    await user.click(note());
    await user.paste('x'.repeat(NOTE_MAX + 1));
    expect(screen.getByTestId('counter-note').className).toContain('counter--over');
    await user.click(screen.getByTestId('personalise-save'));
    expect(await screen.findByText(MSG.max(NOTE_MAX))).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('asks before leaving with unsaved changes; Speichern there saves against the loaded version, then leaves', async () => {
    const { saves } = stubApi();
    const { user, router } = renderForm();
    await user.type(note(), 'Alles Gute!');
    await user.click(screen.getByRole('link', { name: 'Abbrechen' }));
    const leave = await screen.findByTestId('leave-dialog');
    expect(leave.textContent).toContain(PERSONALISE_TEXT.leaveQuestion);
    await user.click(within(leave).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(saves()).toHaveLength(1);
    const [url, init] = saves()[0]!;
    expect(String(url)).toMatch(/user-voucher\/uv-1$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      background: 'default',
      template_id: null,
      custom_image_upload_id: null,
      text_color: '#ffffff',
      note: 'Alles Gute!',
      price_hidden: true,
      version: 3,
    });
  });

  it('leaves without asking when nothing changed, and shows a 422 next to its field', async () => {
    stubApi(answer(422, { message: 'Ungültig', errors: { note: ['Diese Nachricht geht nicht.'] } }));
    const { user, router } = renderForm();
    await user.type(note(), 'Hallo');
    await user.click(screen.getByTestId('personalise-save'));
    expect(await screen.findByText('Diese Nachricht geht nicht.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/vouchers/personalized/uv-1');

    await user.clear(note());
    await user.click(screen.getByRole('link', { name: 'Abbrechen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
  });
});
