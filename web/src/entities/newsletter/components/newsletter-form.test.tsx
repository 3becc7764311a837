// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NEWSLETTER_TEXT } from '@gm/shared/admin/newsletter';
import { MSG } from '@gm/shared/validation/messages';
import { NewsletterForm } from './newsletter-form.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderForm() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <NewsletterForm source="footer" tone="dark" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewsletterForm', () => {
  it('needs the consent; then sends address, consent and source and shows the answer', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { message: NEWSLETTER_TEXT.signedUp }));
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();
    await user.type(screen.getByLabelText('E-Mail-Adresse für den Newsletter'), 'Erika@Example.com');
    await user.click(screen.getByTestId('newsletter-submit-footer'));
    expect(await screen.findByText(MSG.mustAccept)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByTestId('newsletter-submit-footer'));
    expect((await screen.findByTestId('newsletter-done-footer')).textContent).toBe(NEWSLETTER_TEXT.signedUp);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/newsletter$/);
    expect(JSON.parse(String(init.body))).toEqual({ email: 'erika@example.com', consent: true, source: 'footer' });
  });

  it('gives its fields ids of their own (no clash with another form’s e-mail field)', () => {
    renderForm();
    expect(screen.getByLabelText('E-Mail-Adresse für den Newsletter').id).toBe('field-newsletter-footer-email');
    expect(document.getElementById('field-email')).toBeNull();
  });
});
