// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Category } from '@gm/shared/catalogue/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeVoucher } from '../../../testing/fixtures.ts';
import { VoucherBuilder } from './voucher-builder.tsx';
import type { PreviewContext } from '../builder/builder-values.ts';

const categories: Category[] = [
  { id: 'c-1', name: 'Wellness', slug: 'wellness', icon: null, logo: null, subcategories: [] },
  {
    id: 'c-2',
    name: 'Sport',
    slug: 'sport',
    icon: null,
    logo: null,
    subcategories: [{ id: 's-1', name: 'Klettern', category_id: 'c-2' }],
  },
];

const preview: PreviewContext = {
  seller: { id: 's-1', username: 'alpenspa', company: null },
  seller_id: 's-1',
  region_id: 2,
};

beforeAll(() => {
  // jsdom has no modal <dialog>: opening one only sets `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

// A large form in jsdom on a shared machine: typing is slow.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderBuilder({ minimumCents = 0, partner = false } = {}) {
  const fetch = vi.fn(async () => answer(201, makeVoucher()));
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      {
        path: '/vouchers/new',
        element: (
          <VoucherBuilder
            categories={categories}
            minimumCents={minimumCents}
            preview={preview}
            canCreateEmployeeVouchers={partner}
          />
        ),
      },
      { path: '/vouchers', element: <p>Meine Gutscheine</p> },
      { path: '/elsewhere', element: <p>Woanders</p> },
    ],
    { initialEntries: ['/vouchers/new'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <RouterProvider router={router} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { fetch, router, user: userEvent.setup({ delay: null }) };
}

/** Role queries without the visibility check, which is slow in jsdom on a form this size. */
const byRole = (role: string, options: { name: string | RegExp }) =>
  screen.getByRole(role, { ...options, hidden: true });
const tab = (name: RegExp) => byRole('tab', { name });
const save = () => byRole('button', { name: 'Speichern' });

/** Types a whole text at once (one input event per field keeps the large form fast in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** Fills every required field of a product voucher at 49,90 € (tab 1 and 2; tab 3 as given). */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/^Titel/), 'Wellness-Tag');
  await fill(user, screen.getByLabelText(/^Kurzbeschreibung/), 'Ein Tag Entspannung');
  await fill(user, screen.getByLabelText(/^Lange Beschreibung/), 'Sauna, Pool und Massage.');
  await user.click(tab(/2\. Einstellungen/));
  await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'c-1');
  await user.click(byRole('radio', { name: 'Paare' }));
  await user.click(byRole('radio', { name: 'Immer' }));
  await fill(user, screen.getByLabelText(/^Grund für die Befristung/), 'Preise gelten für die Saison');
  await user.click(tab(/3\. Preis/));
  await fill(user, screen.getByLabelText(/^Preis pro Stück/), '49,90');
  await user.click(byRole('checkbox', { name: '20 %' }));
}

describe('VoucherBuilder', () => {
  it('lists the missing fields after a failed save, opens the first one’s tab and sends nothing', async () => {
    const { fetch, user } = renderBuilder();
    await user.click(tab(/3\. Preis/));
    await user.click(save());
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary.textContent).toContain(MSG.submitFailed);
    for (const label of ['Titel', 'Kategorie', 'Zielgruppe', 'Saison', 'Grund für die Befristung', 'Steuersatz'])
      expect(summary.textContent).toContain(label);
    expect(tab(/1\. Gestaltung/).getAttribute('aria-selected')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    // Fixing a field takes it off the list.
    await user.type(screen.getByLabelText(/^Titel/), 'Wellness-Tag');
    await waitFor(() => expect(summary.textContent).not.toContain('Titel'));
  });

  it('shows the unit price and whole-unit limits for a product voucher, the euro range for a value voucher', async () => {
    const { user } = renderBuilder();
    await user.click(tab(/3\. Preis/));
    expect(screen.getByLabelText(/^Preis pro Stück/)).toBeTruthy();
    expect(screen.getByLabelText(/^Mindestanzahl \(Stück\)/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Mindestwert/)).toBeNull();

    await user.click(byRole('radio', { name: /Wertgutschein/ }));
    expect(screen.queryByLabelText(/^Preis pro Stück/)).toBeNull();
    await user.type(screen.getByLabelText(/^Mindestwert \(€\)/), '25');
    await user.type(screen.getByLabelText(/^Höchstwert \(€\)/), '200');
    // The live preview shows the range as buyers will see it.
    const price = within(screen.getByTestId('builder-preview')).getByTestId('voucher-price');
    expect(price.textContent).toMatch(/25,00\s€\s–\s200,00\s€/);
  });

  it('refuses a price under the seller’s minimum and a maximum under the minimum', async () => {
    const { fetch, user } = renderBuilder({ minimumCents: 500 });
    await fillRequired(user);
    const price = screen.getByLabelText(/^Preis pro Stück/);
    await user.clear(price);
    await user.type(price, '4');
    const max = screen.getByLabelText(/^Höchstanzahl/);
    await user.clear(max);
    await user.type(max, '0');
    await user.click(save());
    expect(await screen.findByText(MSG.minValue('5,00 €'))).toBeTruthy();
    expect(screen.getByText(MSG.minValue(1))).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('needs a reason of at least 10 characters for the limited validity', async () => {
    const { user } = renderBuilder();
    await user.click(tab(/2\. Einstellungen/));
    await user.click(save());
    const reason = screen.getByLabelText(/^Grund für die Befristung/);
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(MSG.required).length).toBeGreaterThan(0);
    await user.type(reason, 'Saison');
    expect(await screen.findByText(MSG.min(10))).toBeTruthy();
    await user.type(reason, ' 2026/27');
    await waitFor(() => expect(screen.queryByText(MSG.min(10))).toBeNull());
  });

  it('keeps the weekday choice while the validity switch is off and restores it when turned on', async () => {
    const { user } = renderBuilder();
    await user.click(tab(/2\. Einstellungen/));
    const limit = byRole('switch', { name: 'Einlösbarkeit einschränken' });
    await user.click(limit);
    await user.click(byRole('checkbox', { name: 'So' }));
    expect((byRole('checkbox', { name: 'So' }) as HTMLInputElement).checked).toBe(false);
    await user.click(limit);
    expect(screen.queryByTestId('validity-choices')).toBeNull();
    await user.click(limit);
    expect((byRole('checkbox', { name: 'So' }) as HTMLInputElement).checked).toBe(false);
    expect((byRole('checkbox', { name: 'Mo' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for a subcategory when the chosen category has some', async () => {
    const { user } = renderBuilder();
    await user.click(tab(/2\. Einstellungen/));
    await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'c-2');
    await user.click(save());
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary.textContent).toContain('Unterkategorie');
  });

  it('sends the form in cents and whole units, then goes to Meine Gutscheine', async () => {
    const { fetch, router, user } = renderBuilder();
    await fillRequired(user);
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/vouchers'), { timeout: 3000 });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/voucher');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({
      title: 'Wellness-Tag',
      type: 'quantity',
      qty_val: 4990,
      min: 1,
      max: 10,
      voucher_category_id: 'c-1',
      target: 'Paare',
      season: 'Immer',
      tax: [{ tax: 20, value: null }],
      limit_validity: false,
    });
  });

  it('puts a server 422 on its field and asks before leaving with unsaved changes', async () => {
    const { fetch, router, user } = renderBuilder();
    await fillRequired(user);
    fetch.mockResolvedValueOnce(answer(422, { message: 'Ungültig', errors: { min: ['Zu klein.'] } }));
    await user.click(save());
    const min = await screen.findByLabelText(/^Mindestanzahl/);
    await waitFor(() => expect(min.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Zu klein.')).toBeTruthy();
    expect(tab(/3\. Preis/).getAttribute('aria-selected')).toBe('true');

    void router.navigate('/elsewhere');
    const leave = await screen.findByTestId('leave-dialog', {}, { timeout: 3000 });
    expect(leave.textContent).toContain('Möchten Sie Änderungen speichern?');
    await user.click(within(leave).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});

describe('VoucherBuilder tourism mode (issue 13)', () => {
  it('is offered to partners only and sends an employee voucher without price, tax unsure', async () => {
    renderBuilder();
    expect(screen.queryByTestId('builder-tourism')).toBeNull();
    cleanup();
    const { fetch, user } = renderBuilder({ partner: true });
    await user.click(byRole('checkbox', { name: /Mitarbeitergutschein/ }));
    await fill(user, screen.getByLabelText(/^Mitarbeiter-Wert/), '1+1 gratis');
    await fill(user, screen.getByLabelText(/^Titel/), 'Team-Frühstück');
    await fill(user, screen.getByLabelText(/^Kurzbeschreibung/), 'Frühstück');
    await fill(user, screen.getByLabelText(/^Lange Beschreibung/), 'Frühstück für Mitarbeiter.');
    await user.click(tab(/2\. Einstellungen/));
    await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'c-1');
    await user.click(byRole('radio', { name: 'Paare' }));
    await user.click(byRole('radio', { name: 'Immer' }));
    await fill(user, screen.getByLabelText(/^Grund für die Befristung/), 'Preise gelten für die Saison');
    await user.click(save());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      is_tourism: true,
      employee_value: '1+1 gratis',
      type: 'value',
      tax: 'unsure',
      expiry_date: 10,
    });
  });
});
