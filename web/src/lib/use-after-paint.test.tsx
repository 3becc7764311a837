// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useStagesAfterPaint } from './use-after-paint.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Page() {
  const shown = useStagesAfterPaint(2);
  return (
    <main>
      <h1>Oben</h1>
      {shown >= 1 && <h2>Lieblinge</h2>}
      {shown >= 2 && <h2>Partner</h2>}
    </main>
  );
}

describe('useStagesAfterPaint', () => {
  it('renders the first part alone, then one part after each frame until all are there', async () => {
    vi.useFakeTimers();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Oben' })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Lieblinge']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Lieblinge', 'Partner']);
  });
});
