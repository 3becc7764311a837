// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { preloadablePage } from './preloadable-page.ts';

afterEach(cleanup);

const Home = () => <h1>Entdecke Gutscheine</h1>;

describe('preloadablePage', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Home }));
    const Page = preloadablePage(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>Lädt…</p>}>
        <Page />
      </Suspense>,
    );
    // The first commit already holds the page: no spinner frame before it.
    expect(screen.getByRole('heading', { name: 'Entdecke Gutscheine' })).toBeTruthy();
    expect(screen.queryByText('Lädt…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like lazy() when not preloaded, and loads the chunk once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Home }));
    const Page = preloadablePage(load);
    await act(async () => {
      render(
        <Suspense fallback={<p>Lädt…</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Entdecke Gutscheine' })).toBeTruthy();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Home }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Home });
    const Page = preloadablePage(load);
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
