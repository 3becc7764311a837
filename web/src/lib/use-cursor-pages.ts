import { useState } from 'react';

/**
 * The page state of a table over a growing list (cursor paging): page n+1's cursor comes from page
 * n's `next_page_url`, so the cursors of the pages seen are kept (back and forward). A new `scope`
 * (e.g. the keyword) starts again at page 1. A page without a known cursor is asked for by number.
 * A next_page_url's `seen` (the rows before that page, after a bounded search stopped short) is kept with its cursor.
 */
export function useCursorPages(scope = '') {
  const [state, setState] = useState<{
    scope: string;
    page: number;
    cursors: Record<number, string>;
    seen: Record<number, number>;
  }>({ scope, page: 1, cursors: {}, seen: {} });
  const current = state.scope === scope ? state : { scope, page: 1, cursors: {}, seen: {} };
  if (current !== state) setState(current);

  /** Goes to page `next`; `nextPageUrl` is the answer of the page on screen. */
  function goTo(next: number, nextPageUrl: string | null | undefined) {
    const cursors = { ...current.cursors };
    const seen = { ...current.seen };
    if (next === current.page + 1 && nextPageUrl) {
      const params = new URL(nextPageUrl, window.location.origin).searchParams;
      const cursor = params.get('cursor');
      if (cursor) cursors[next] = cursor;
      const rows = params.get('seen');
      if (cursor && rows !== null && /^\d+$/.test(rows)) seen[next] = Number(rows);
      else delete seen[next];
    }
    setState({ scope, page: next, cursors, seen });
  }

  return { page: current.page, cursor: current.cursors[current.page], seen: current.seen[current.page], goTo };
}
