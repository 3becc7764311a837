// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MSG } from '@gm/shared/validation/messages';
import { LoginForm } from './login-form.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderForm() {
  const onSuccess = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm onSuccess={onSuccess} />
    </MemoryRouter>,
  );
  return { onSuccess, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it('lists the empty fields after a failed submit and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(screen.getByTestId('login-submit'));
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary.textContent).toContain(MSG.submitFailed);
    expect(summary.textContent).toContain('E-Mail');
    expect(summary.textContent).toContain('Passwort');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('field-email');
  });

  it('shows a 422 field message on its field and a 401 message above the form', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(422, { message: 'Ungültig', errors: { email: ['Diese E-Mail ist unbekannt.'] } }))
      .mockResolvedValueOnce(answer(401, { message: 'Die Zugangsdaten sind falsch.' }));
    vi.stubGlobal('fetch', fetch);
    const { user, onSuccess } = renderForm();
    await user.type(screen.getByLabelText(/E-Mail/), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Passwort/, { selector: 'input' }), 'geheim123');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Diese E-Mail ist unbekannt.')).toBeTruthy();
    expect(screen.getByLabelText(/E-Mail/).getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('form-message').textContent).toContain('Die Zugangsdaten sind falsch.'),
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
