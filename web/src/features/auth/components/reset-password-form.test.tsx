// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { API_BASE } from '../../../lib/api-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderForm(email = '') {
  const onDone = vi.fn();
  render(
    <DialogProvider>
      <ResetPasswordForm token="tok-123" email={email} onDone={onDone} />
    </DialogProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' }) as HTMLInputElement;
const errorOf = (label: string) => field(label).closest('.field')?.querySelector('.field__error')?.textContent?.trim();

beforeAll(() => {
  // jsdom has no modal dialogs; the success dialog only needs to open and close.
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
  vi.useRealTimers();
});

describe('ResetPasswordForm', () => {
  it('starts with the e-mail of the link and sends it with the token', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { message: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    const { user, onDone } = renderForm('anna@example.com');
    expect(field('E-Mail').value).toBe('anna@example.com');

    await user.type(field('Neues Passwort'), 'Neu12345!');
    await user.type(field('Passwort bestätigen'), 'Neu12345!');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API_BASE}auth/reset-password`);
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'anna@example.com',
      new_password: 'Neu12345!',
      confirm_password: 'Neu12345!',
      password_token: 'tok-123',
    });
    await screen.findByTestId('message-dialog');
    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('shows an empty e-mail and a mismatch together, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.type(field('Neues Passwort'), 'Neu12345!');
    await user.type(field('Passwort bestätigen'), 'Neu12345?');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));

    const summary = await screen.findByTestId('form-error-summary');
    expect(summary.textContent).toContain('E-Mail');
    expect(summary.textContent).toContain('Passwort bestätigen');
    expect(errorOf('E-Mail')).toBe(MSG.required);
    expect(errorOf('Passwort bestätigen')).toBe(MSG.passwordMismatch);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s answer to an expired link above the form', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404, { message: TEXT.resetTokenInvalid })));
    const { user } = renderForm('anna@example.com');
    await user.type(field('Neues Passwort'), 'Neu12345!');
    await user.type(field('Passwort bestätigen'), 'Neu12345!');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(screen.getByTestId('form-message').textContent).toContain(TEXT.resetTokenInvalid));
  });
});
