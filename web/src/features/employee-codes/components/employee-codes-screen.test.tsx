// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { EmployeeCode, Partner } from '@gm/shared/admin/tourism';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { EmployeeCodesScreen } from './employee-codes-screen.tsx';
import { json } from '../../../testing/fixtures.ts';

function paged<T>(data: T[], lastPage = 1) {
  return {
    data,
    current_page: 1,
    last_page: lastPage,
    next_page_url: null,
    total: data.length,
    per_page: 10,
    from: data.length ? 1 : null,
    to: data.length || null,
  };
}

const code: EmployeeCode = {
  id: 'AB12CD34',
  value: 'AB12CD34',
  is_active: true,
  partner_id: 'p-1',
  company: { id: 'c-1', name: 'Hütte Sonnalm' },
  user: null,
  user_details: null,
  used_at: null,
  redemptions: [],
  created_at: '2026-11-26T10:00:00.000Z',
};
const partner: Partner = {
  id: 'p-1',
  username: 'sonnalm',
  company: { id: 'c-1', name: 'Hütte Sonnalm', logo: null },
  can_generate: false,
  is_partner: true,
  tourism_id: 't-1',
};

function stubFetch(route: (path: string, method: string, body: unknown) => Response) {
  const sent: Array<{ path: string; method: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^.*\/api\/v1\//, '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ path, method, body, headers: (init?.headers ?? {}) as Record<string, string> });
      return route(path, method, body);
    }),
  );
  return sent;
}

function renderScreen(tourism: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <MemoryRouter>
          <EmployeeCodesScreen tourism={tourism} />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
}

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

describe('EmployeeCodesScreen (03 §2, §5, §9)', () => {
  it('tourism accounts: partner select and Company column; Generate Codes disabled at empty or 0 and without a partner', async () => {
    const sent = stubFetch((path, method) => {
      if (path.startsWith('partners/all')) return json(200, paged([partner]));
      if (path.startsWith('employee-code/generate') && method === 'POST')
        return json(201, { message: '2 Codes wurden erstellt.', data: [code, code] });
      return json(200, paged([code], 4));
    });
    renderScreen(true);
    const row = await screen.findByText('AB12CD34');
    expect(within(row.closest('tr')!).getByText('Hütte Sonnalm')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Unternehmen' })).toBeTruthy();
    // 3 page links (03 §9).
    expect(
      within(screen.getByRole('navigation', { name: 'Seiten der Codeliste' })).getAllByRole('button', {
        name: /^Seite /,
      }),
    ).toHaveLength(3);

    const generate = screen.getByRole('button', { name: 'Codes generieren' });
    const count = screen.getByLabelText('Anzahl Codes');
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(count, '2');
    expect((generate as HTMLButtonElement).disabled).toBe(true); // no partner yet
    await userEvent.selectOptions(await screen.findByLabelText('Partner'), 'p-1');
    expect((generate as HTMLButtonElement).disabled).toBe(false);
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await userEvent.click(generate);
    await screen.findByText('2 Codes wurden erstellt.');
    const post = sent.find((r) => r.path === 'employee-code/generate');
    expect(post?.body).toEqual({ max: 2, partnerID: 'p-1' });
    expect(Object.keys(post!.headers).some((h) => h.toLowerCase() === 'idempotency-key')).toBe(true);
  });

  it('partners: neither partner select nor Company column', async () => {
    stubFetch(() => json(200, paged([code])));
    renderScreen(false);
    await screen.findByText('AB12CD34');
    expect(screen.queryByLabelText('Partner')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Unternehmen' })).toBeNull();
  });

  it('deactivates a code after confirmation', async () => {
    const sent = stubFetch((path, method) => {
      if (method === 'PUT')
        return json(200, { message: 'Der Code wurde deaktiviert.', data: { ...code, is_active: false } });
      return json(200, paged([code]));
    });
    renderScreen(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Deaktivieren: AB12CD34' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await screen.findByText('Der Code wurde deaktiviert.');
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
        path: 'employee-code/status/AB12CD34',
        body: { status: 'inactive' },
      }),
    );
  });
});
