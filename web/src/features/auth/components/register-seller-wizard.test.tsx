// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SELLER_TEXT, type SellerRegistrationMode } from '@gm/shared/auth/seller-registration';
import { MSG } from '@gm/shared/validation/messages';
import { API_BASE } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { RegisterSellerWizard } from './register-seller-wizard.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** auth/unique answers 'taken' for the e-mail in `taken`, free otherwise; nothing else is expected. */
function stubApi(taken: string[] = []) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(API_BASE, '');
    if (path !== 'auth/unique') throw new Error(`unexpected request ${path}`);
    const body = JSON.parse(String(init?.body)) as { field: string; entity: string };
    return taken.includes(body.entity)
      ? answer(422, { message: 'Ungültig', errors: { [body.field]: [MSG.emailTaken] } })
      : answer(200, { message: 'Verfügbar.' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderWizard(mode: SellerRegistrationMode = 'seller') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <MemoryRouter>
          <RegisterSellerWizard mode={mode} onRegistered={vi.fn()} />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  // The file inputs accept only images; a test picks a GIF as a user could through 'All files'.
  return userEvent.setup({ applyAccept: false });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input, select' });
const errorOf = (label: string) => field(label).closest('.field')?.querySelector('.field__error')?.textContent?.trim();
const summaryLabels = async () =>
  within(await screen.findByTestId('form-error-summary'))
    .getAllByRole('link')
    .map((link) => link.textContent);
const next = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByTestId('wizard-next'));

async function fillAccount(user: ReturnType<typeof userEvent.setup>, email = 'office@alpenhof.at') {
  await user.type(field('Name auf Gutschein'), 'Alpenhof');
  await user.type(field('E-Mail'), email);
  await user.type(field('Telefonnummer'), '+43 512 123456');
  await user.selectOptions(field('Region'), '2');
  await user.type(field('Passwort'), 'Geheim123!');
  await user.type(field('Passwort bestätigen'), 'Geheim123!');
}

beforeEach(() => {
  // jsdom has no scrolling; a new step scrolls to the top.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RegisterSellerWizard', () => {
  it('validates only the shown step, with the password mismatch among the first errors', async () => {
    const fetch = stubApi();
    const user = renderWizard();
    await user.type(field('Passwort'), 'Geheim123!');
    await user.type(field('Passwort bestätigen'), 'Geheim123?');
    await next(user);

    expect(await summaryLabels()).toEqual([
      'Name auf Gutschein',
      'E-Mail',
      'Telefonnummer',
      'Region',
      'Passwort bestätigen',
    ]);
    expect(errorOf('Passwort bestätigen')).toBe(MSG.passwordMismatch);
    expect(screen.getByTestId('seller-step-account')).toBeTruthy();
    // Focus moves on the next frame, once the messages are on screen.
    await waitFor(() => expect(document.activeElement?.id).toBe('field-username'));
    expect(fetch).not.toHaveBeenCalled();

    // A fixed field loses its message as it is edited.
    await user.type(field('Name auf Gutschein'), 'Alpenhof');
    await waitFor(() => expect(errorOf('Name auf Gutschein')).toBe(''));
  });

  it('stays on step 1 while the e-mail is taken, then moves on to the verification step', async () => {
    stubApi(['vergeben@alpenhof.at']);
    const user = renderWizard();
    await fillAccount(user, 'vergeben@alpenhof.at');
    await next(user);
    expect(await summaryLabels()).toEqual(['E-Mail']);
    expect(errorOf('E-Mail')).toBe(MSG.emailTaken);

    await user.clear(field('E-Mail'));
    await user.type(field('E-Mail'), 'frei@alpenhof.at');
    await next(user);
    await screen.findByTestId('seller-step-verification');
    expect(screen.getByTestId('wizard-steps').textContent).toContain('Schritt 2 von 4');

    // Step 2 empty: its own fields only; a refused photo keeps its precise message.
    await user.upload(field('Ausweis – Rückseite'), new File(['GIF89a'], 'hinten.gif', { type: 'image/gif' }));
    await waitFor(() => expect(errorOf('Ausweis – Rückseite')).toBe(SELLER_TEXT.documentType));
    await next(user);
    expect(await summaryLabels()).toEqual([
      'Vorname',
      'Nachname',
      'Geburtsdatum',
      'Ausweis – Vorderseite',
      'Ausweis – Rückseite',
    ]);
    expect(errorOf('Ausweis – Vorderseite')).toBe(MSG.required);
    expect(errorOf('Ausweis – Rückseite')).toBe(SELLER_TEXT.documentType);
    expect(screen.getByTestId('seller-step-verification')).toBeTruthy();

    // Back keeps what step 1 holds.
    await user.click(screen.getByTestId('wizard-back'));
    await screen.findByTestId('seller-step-account');
    expect((field('E-Mail') as HTMLInputElement).value).toBe('frei@alpenhof.at');
  });

  it('partner mode goes from step 1 to the consents, which must both be accepted', async () => {
    stubApi();
    const user = renderWizard('partner');
    expect(screen.getByTestId('wizard-steps').textContent).toContain('Schritt 1 von 2');
    await fillAccount(user);
    await next(user);
    await screen.findByTestId('seller-step-payout');
    expect(screen.queryByLabelText('IBAN', { exact: true })).toBeNull();
    expect(screen.queryByLabelText(/Verkaufsprovision/)).toBeNull();
    await next(user);
    expect(await summaryLabels()).toEqual(['Datenschutz', 'AGB']);
  });
});
