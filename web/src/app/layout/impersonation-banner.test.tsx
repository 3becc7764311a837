// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';

function renderBanner() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ImpersonationBanner />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  authStore.clear();
});

describe('ImpersonationBanner', () => {
  it('is not there for an admin acting as themselves', () => {
    authStore.signIn({ token: 'a', user: makeUser('admin') });
    renderBanner();
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });

  it("reads 'Admin: {name}' with whom the admin acts as and offers the way back", () => {
    authStore.signIn({
      token: 'a',
      user: makeUser('admin', {
        id: 'admin-1',
        username: 'admin',
        detail: { ...makeUser().detail, fullname: 'Lena Hofer' },
      }),
    });
    renderBanner();
    act(() => {
      authStore.impersonate({ token: 'i', user: makeUser('user', { id: 'u-9', username: 'greta' }) });
    });
    const banner = screen.getByRole('region', { name: 'Admin-Modus' });
    expect(banner.textContent).toContain('Admin: Lena Hofer');
    expect(banner.textContent).toContain('du handelst als greta');
    expect(screen.getByRole('button', { name: 'Zurück zum Admin' })).toBeTruthy();
  });
});
