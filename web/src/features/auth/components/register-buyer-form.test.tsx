// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MSG } from '@gm/shared/validation/messages';
import { API_BASE } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { RegisterBuyerForm } from './register-buyer-form.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The requests the form sent, by path, with their JSON bodies. */
function requests(fetch: { mock: { calls: Array<[string, RequestInit?]> } }) {
  return fetch.mock.calls.map(([url, init]) => ({
    path: url.replace(API_BASE, ''),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
  }));
}

function renderForm(props: { tourism?: boolean; initialCode?: string } = {}) {
  const onRegistered = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <MemoryRouter>
          <RegisterBuyerForm onRegistered={onRegistered} {...props} />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { onRegistered, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' });
const errorOf = (label: string) => field(label).closest('.field')?.querySelector('.field__error')?.textContent?.trim();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RegisterBuyerForm', () => {
  it('lists every required field after an empty submit and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(screen.getByTestId('register-submit'));

    const summary = await screen.findByTestId('form-error-summary');
    expect(summary.textContent).toContain(MSG.submitFailed);
    const listed = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(listed).toEqual([
      'Benutzername',
      'Vorname',
      'Nachname',
      'E-Mail',
      'Passwort',
      'Passwort bestätigen',
      'Datenschutz',
      'AGB',
    ]);
    expect(errorOf('Benutzername')).toBe(MSG.required);
    expect(document.activeElement?.id).toBe('field-username');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the password mismatch together with the other errors on the first submit', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.type(field('Passwort'), 'Geheim123!');
    await user.type(field('Passwort bestätigen'), 'Geheim123?');
    await user.click(screen.getByTestId('register-submit'));

    await screen.findByTestId('form-error-summary');
    expect(errorOf('Benutzername')).toBe(MSG.required);
    expect(errorOf('Passwort bestätigen')).toBe(MSG.passwordMismatch);
    expect(field('Passwort bestätigen').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    // Typing the same password again removes the message at once.
    await user.clear(field('Passwort bestätigen'));
    await user.type(field('Passwort bestätigen'), 'Geheim123!');
    await waitFor(() => expect(errorOf('Passwort bestätigen')).toBe(''));
  });

  it('blocks submitting a username the server called taken until it changes, then registers', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('auth/unique')) {
        const body = JSON.parse(String(init?.body)) as { entity: string };
        return body.entity === 'anna'
          ? answer(422, { message: 'Ungültig', errors: { username: [MSG.usernameTaken] } })
          : answer(200, { message: 'Verfügbar.' });
      }
      return answer(422, { message: 'Ungültig', errors: { email: [MSG.emailTaken] } });
    });
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.type(field('Benutzername'), 'anna');
    await user.tab();
    await waitFor(() => expect(errorOf('Benutzername')).toBe(MSG.usernameTaken));

    await user.type(field('Vorname'), 'Anna');
    await user.type(field('Nachname'), 'Berger');
    await user.type(field('E-Mail'), 'anna@example.com');
    await user.type(field('Passwort'), 'Geheim123!');
    await user.type(field('Passwort bestätigen'), 'Geheim123!');
    await user.click(screen.getByLabelText(/Datenschutzerklärung/));
    await user.click(screen.getByLabelText(/AGB/));
    await user.click(screen.getByTestId('register-submit'));
    const summary = await screen.findByTestId('form-error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Benutzername']);
    expect(requests(fetch).some((r) => r.path === 'auth/register')).toBe(false);

    // Another username: the message goes as it is typed, and the form is sent.
    await user.type(field('Benutzername'), '-berger');
    await waitFor(() => expect(errorOf('Benutzername')).toBe(''));
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(requests(fetch).some((r) => r.path === 'auth/register')).toBe(true));
    const sent = requests(fetch).find((r) => r.path === 'auth/register')?.body;
    expect(sent).toMatchObject({
      username: 'anna-berger',
      email: 'anna@example.com',
      dataPrivacy: true,
      terms: true,
      role_id: 3,
    });
    // A 422 of the server lands on its field.
    await waitFor(() => expect(errorOf('E-Mail')).toBe(MSG.emailTaken));
  });

  it('shows the Code field only on a tourism tenant, filled from the card’s link (03 §5)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm();
    expect(screen.queryByLabelText('Code', { exact: true, selector: 'input' })).toBeNull();
    cleanup();
    renderForm({ tourism: true, initialCode: 'AB12CD34' });
    expect((field('Code') as HTMLInputElement).value).toBe('AB12CD34');
  });
});
