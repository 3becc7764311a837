// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMINDER_TEXT } from '@gm/shared/admin/seller-mails';
import { API_BASE } from '../../../lib/api-client.ts';
import { UnsubscribeStatus } from './unsubscribe-status.tsx';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderStatus(token: string) {
  render(
    <StrictMode>
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
          <UnsubscribeStatus token={token} />
        </QueryClientProvider>
      </MemoryRouter>
    </StrictMode>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UnsubscribeStatus', () => {
  it('sends the token once on opening (also under StrictMode) and confirms', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { message: REMINDER_TEXT.unsubscribed }));
    vi.stubGlobal('fetch', fetch);
    renderStatus('tok-1');
    await screen.findByText(REMINDER_TEXT.unsubscribed);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API_BASE}reminders/unsubscribe`);
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok-1' });
  });

  it('says when the link is unknown, without a retry button', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404, { message: REMINDER_TEXT.invalidLink })));
    renderStatus('nope');
    await screen.findByText(`Achtung! ${REMINDER_TEXT.invalidLink}`);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
