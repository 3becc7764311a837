// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { DEFAULT_SETTINGS } from '@gm/shared/settings/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { GlobalSettingsPanel } from './global-settings-panel.tsx';
import { json } from '../../../testing/fixtures.ts';

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

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DialogProvider>
          <GlobalSettingsPanel />
        </DialogProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const field = (label: RegExp) => within(screen.getByTestId('global-settings-form')).getByLabelText(label);
const saveAnswer = (values: unknown) => json(200, { message: 'Die Einstellungen wurden gespeichert.', data: values });

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('global settings form', () => {
  it('shows cents as euro and sends euro as cents; creates while nothing is stored', async () => {
    const sent = stubFetch((path, method) =>
      method === 'GET' ? json(200, { data: { ...DEFAULT_SETTINGS, id: null } }) : saveAnswer(DEFAULT_SETTINGS),
    );
    const user = renderPanel();
    await screen.findByTestId('global-settings-form');
    expect(screen.getByTestId('settings-defaults')).toBeTruthy();
    expect((field(/^Provision Marktplatz \(€/) as HTMLInputElement).value).toBe('5,00');
    expect((field(/^Mindestwert/) as HTMLInputElement).value).toBe('5,00');
    expect((field(/^Auszahlungsintervall/) as HTMLInputElement).value).toBe('14');

    await user.clear(field(/^Provision Marktplatz \(€/));
    await user.type(field(/^Provision Marktplatz \(€/), '7,5');
    await user.clear(field(/^Provision Subdomain \(%/));
    await user.type(field(/^Provision Subdomain \(%/), '2,5');
    await user.click(screen.getByTestId('settings-submit'));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('global-settings');
    expect(post.body).toEqual({
      ...DEFAULT_SETTINGS,
      sales_commission_euro: 750,
      subdomain_sales_commission_percentage: 2.5,
    });
    expect(await screen.findByText('Die Einstellungen wurden gespeichert.')).toBeTruthy();
  });

  it('requires every field in German and updates a stored item with PUT', async () => {
    const sent = stubFetch((path, method) =>
      method === 'GET' ? json(200, { data: { ...DEFAULT_SETTINGS, id: '1' } }) : saveAnswer(DEFAULT_SETTINGS),
    );
    const user = renderPanel();
    await screen.findByTestId('global-settings-form');
    await user.clear(field(/^Auszahlungsintervall/));
    await user.clear(field(/^Mindestwert/));
    await user.click(screen.getByTestId('settings-submit'));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(sent.filter((r) => r.method !== 'GET')).toHaveLength(0);

    await user.type(field(/^Auszahlungsintervall/), '0');
    await user.type(field(/^Mindestwert/), '10');
    await user.click(screen.getByTestId('settings-submit'));
    expect(await screen.findByText(MSG.minValue(1))).toBeTruthy();

    await user.clear(field(/^Auszahlungsintervall/));
    await user.type(field(/^Auszahlungsintervall/), '30');
    await user.click(screen.getByTestId('settings-submit'));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('global-settings/1');
    expect(put.body).toEqual({ ...DEFAULT_SETTINGS, payout_schedule: 30, minimum_voucher_value: 1000 });
  });

  it('puts the server’s 422 messages on the fields', async () => {
    stubFetch((path, method) =>
      method === 'GET'
        ? json(200, { data: { ...DEFAULT_SETTINGS, id: '1' } })
        : json(422, {
            message: 'Die übermittelten Daten sind ungültig.',
            errors: { sales_commission_percentage: ['Der Wert darf maximal 100 betragen.'] },
          }),
    );
    const user = renderPanel();
    await screen.findByTestId('global-settings-form');
    await user.click(screen.getByTestId('settings-submit'));
    expect(await screen.findByText('Der Wert darf maximal 100 betragen.')).toBeTruthy();
  });
});
