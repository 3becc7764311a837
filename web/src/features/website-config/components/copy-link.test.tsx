// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS, CopyLink } from './copy-link.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CopyLink', () => {
  it('copies the web address and shows the confirmation for 2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyLink subdomain="alpenspa" url="https://alpenspa.gutscheinmarkt.at/" />);
    expect(screen.getByLabelText('Subdomain')).toHaveProperty('readOnly', true);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://alpenspa.gutscheinmarkt.at/');
    expect(screen.getByRole('button').textContent).toBe('Kopiert!');

    act(() => vi.advanceTimersByTime(COPIED_MS - 10));
    expect(screen.getByRole('button').textContent).toBe('Kopiert!');
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole('button').textContent).toBe('Link kopieren');
  });
});
