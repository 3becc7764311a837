// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './pagination.tsx';

afterEach(cleanup);

function renderPager(props: { page: number; lastPage: number; busy?: boolean }) {
  const onPageChange = vi.fn();
  render(<Pagination {...props} onPageChange={onPageChange} label="Seiten von Suchergebnisse" />);
  return { onPageChange, user: userEvent.setup() };
}

const previous = () => screen.getByRole('button', { name: /^Zurück/ });
const next = () => screen.getByRole('button', { name: /^Weiter/ });

describe('Pagination', () => {
  it('asks for the page before and after the current one and says where it is', async () => {
    const { onPageChange, user } = renderPager({ page: 2, lastPage: 4 });
    expect(screen.getByRole('navigation', { name: 'Seiten von Suchergebnisse' })).toBeTruthy();
    expect(screen.getByText('Seite 2 von 4')).toBeTruthy();
    await user.click(next());
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(previous());
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('names each button by its visible word first (WCAG 2.5.3 label in name)', () => {
    renderPager({ page: 2, lastPage: 4 });
    for (const button of [previous(), next()]) {
      const visible = button.querySelector('.pagination__text')?.textContent ?? '';
      expect(visible).not.toBe('');
      expect(button.getAttribute('aria-label')?.startsWith(visible)).toBe(true);
    }
    expect(previous().getAttribute('aria-label')).toBe('Zurück zur vorherigen Seite');
    expect(next().getAttribute('aria-label')).toBe('Weiter zur nächsten Seite');
  });

  it('disables previous on the first page and next on the last (01 §4)', async () => {
    const { onPageChange, user } = renderPager({ page: 1, lastPage: 3 });
    expect((previous() as HTMLButtonElement).disabled).toBe(true);
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    await user.click(previous());
    expect(onPageChange).not.toHaveBeenCalled();
    cleanup();
    renderPager({ page: 3, lastPage: 3 });
    expect((previous() as HTMLButtonElement).disabled).toBe(false);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables both while a page loads, and is not shown for a single page', () => {
    renderPager({ page: 2, lastPage: 3, busy: true });
    expect((previous() as HTMLButtonElement).disabled).toBe(true);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPager({ page: 1, lastPage: 1 });
    expect(screen.queryByTestId('pagination')).toBeNull();
  });
});
