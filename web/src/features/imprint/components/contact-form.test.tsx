// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MSG } from '@gm/shared/validation/messages';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { ContactForm } from './contact-form.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderForm() {
  render(
    <MemoryRouter>
      <DialogProvider>
        <ContactForm />
      </DialogProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input, textarea' });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Erika Probe');
  await user.type(field('E-Mail'), 'Erika@Example.com');
  await user.type(field('Nachricht'), 'Gibt es Gutscheine für Firmenfeiern?');
  await user.click(screen.getByLabelText(/Ich bin einverstanden/));
}

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContactForm', () => {
  it('lists the required fields after an empty submit, phone not among them, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();
    await user.click(screen.getByTestId('contact-submit'));
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary.textContent).toContain(MSG.submitFailed);
    for (const label of ['Name', 'E-Mail', 'Nachricht', 'Datenschutz']) expect(summary.textContent).toContain(label);
    expect(summary.textContent).not.toContain('Telefon');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('counts the message towards its limit', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = renderForm();
    await user.type(field('Nachricht'), 'Hallo');
    expect(screen.getByText('5 / 2000')).toBeTruthy();
  });

  it('sends the contract (no empty phone), shows the success dialog and empties the form', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { message: 'Danke für deine Nachricht!' }));
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByTestId('contact-submit'));
    await screen.findByText('Danke für deine Nachricht!');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/contact$/);
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Erika Probe',
      email: 'erika@example.com',
      message: 'Gibt es Gutscheine für Firmenfeiern?',
      consent: true,
    });
    await waitFor(() => expect((field('Name') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(/Ich bin einverstanden/) as HTMLInputElement).checked).toBe(false);
  });

  it('puts a 422 message on its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          answer(422, { message: 'Ungültig', errors: { email: ['Diese Emailadresse ist ungültig.'] } }),
        ),
    );
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('Diese Emailadresse ist ungültig.')).toBeTruthy();
    expect(field('E-Mail').getAttribute('aria-invalid')).toBe('true');
  });
});
