// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { MSG } from '@gm/shared/validation/messages';
import { GIFT_TEXT, type GiftOrderAnswer, type GiftType } from '@gm/shared/wallet/gift';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { GiftForm } from './gift-form.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The line of the gift page: only its id and quantity matter to the form. */
const DATA = {
  order: { id: 'order-1', qty: 2 },
  gift: null,
  valid_until: '2099-12-31',
  can_gift: true,
} as unknown as GiftOrderAnswer;

function renderForm() {
  const onDone = vi.fn<(answer: unknown, types: GiftType[]) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DialogProvider>
        <GiftForm data={DATA} onDone={onDone} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

const typeBox = (type: GiftType) => within(screen.getByTestId(`gift-type-${type}`)).getByRole('checkbox');
const dialog = () => screen.findByTestId('message-dialog');

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

describe('GiftForm (01 §2 "Gift cart", §4 gift types, §5)', () => {
  it('asks for a gift type first and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(screen.getByTestId('gift-submit'));
    expect((await dialog()).textContent).toContain(GIFT_TEXT.chooseType);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('e-mail excludes the wallet and needs a valid address', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(typeBox('email'));
    expect(typeBox('wallet')).toHaveProperty('disabled', true);
    expect(typeBox('pdf')).toHaveProperty('disabled', false);
    await user.type(screen.getByTestId('gift-email'), 'kein-at-zeichen');
    await user.click(screen.getByTestId('gift-submit'));
    expect(await screen.findByText(MSG.email)).toBeTruthy();
    expect(screen.getByTestId('gift-email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('message-dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a wallet gift excludes e-mail and PDF and needs a chosen buyer', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(typeBox('wallet'));
    expect(typeBox('email')).toHaveProperty('disabled', true);
    expect(typeBox('pdf')).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('gift-submit'));
    const picker = screen.getByTestId('gift-user-picker');
    await waitFor(() => expect(picker.textContent).toContain(MSG.required));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('finds buyers 350 ms after typing and takes the picked one', async () => {
    const fetch = vi.fn().mockResolvedValue(
      answer(200, {
        data: [
          { id: 'u-1', username: 'anna' },
          { id: 'u-2', username: 'annabell' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(typeBox('wallet'));
    await user.type(screen.getByTestId('gift-user-search'), 'ann');
    const options = await screen.findAllByTestId('gift-user-option');
    expect(options.map((o) => o.textContent)).toEqual(['anna', 'annabell']);
    // One request for the whole keyword, not one per keystroke.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('keyword=ann');
    // The list sits in the input's (positioned) control, so it opens below the input, not over its label.
    expect(screen.getByRole('listbox').parentElement).toBe(screen.getByTestId('gift-user-search').parentElement);
    await user.click(options[1]!);
    expect(screen.getByTestId('gift-user-chosen').textContent).toBe('annabell');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('accepts an end date only from today (Vienna) to the voucher’s validity', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(typeBox('pdf'));
    const date = screen.getByTestId('gift-expiration');
    fireEvent.change(date, { target: { value: '2100-01-01' } });
    await user.click(screen.getByTestId('gift-submit'));
    expect(await screen.findByText(MSG.invalidDate)).toBeTruthy();
    fireEvent.change(date, { target: { value: '2001-01-01' } });
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives after confirming, with one Idempotency-Key per form; a 422 lands on its field', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(422, { message: 'Ungültig', errors: { email: ['Diese Adresse geht nicht.'] } }))
      .mockResolvedValueOnce(answer(200, { message: GIFT_TEXT.success, user_voucher: [] }));
    vi.stubGlobal('fetch', fetch);
    const { user, onDone } = renderForm();
    await user.click(typeBox('email'));
    await user.type(screen.getByTestId('gift-email'), ' anna@example.com ');
    await user.click(screen.getByLabelText(GIFT_TEXT.priceHidden));

    await user.click(screen.getByTestId('gift-submit'));
    const confirm = await dialog();
    expect(confirm.textContent).toContain(GIFT_TEXT.confirmText);
    await user.click(within(confirm).getByRole('button', { name: GIFT_TEXT.submit }));
    expect(await screen.findByText('Diese Adresse geht nicht.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('gift-submit'));
    await user.click(within(await dialog()).getByRole('button', { name: GIFT_TEXT.submit }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]?.[1]).toEqual(['email']);

    const [first, second] = fetch.mock.calls as Array<[string, RequestInit]>;
    if (!first || !second) throw new Error('two requests expected');
    expect(first[0]).toMatch(/order\/gift-voucher$/);
    expect(JSON.parse(String(first[1].body))).toEqual({
      order_id: 'order-1',
      giftType: ['email'],
      user_id: null,
      email: 'anna@example.com',
      priceHidden: true,
      expirationDate: null,
      voucherUsage: 'multiple',
      isBulk: true,
    });
    const key = (init: RequestInit) => (init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER];
    expect(key(first[1])).toBeTruthy();
    expect(key(second[1])).toBe(key(first[1]));
  });
});
