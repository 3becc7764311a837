import { useState } from 'react';

/**
 * The page state of a table over a growing list (cursor paging): page n+1's cursor comes from page
 * n's `next_page_url`, so the cursors of the pages seen are kept (back and forward). A new `scope`
 * (e.g. the keyword) starts again at page 1. A page without a known cursor is asked for by number.
 */
export function useCursorPages(scope = '') {
  const [state, setState] = useState<{ scope: string; page: number; cursors: Record<number, string> }>({
    scope,
    page: 1,
    cursors: {},
  });
  const current = state.scope === scope ? state : { scope, page: 1, cursors: {} };
  if (current !== state) setState(current);

  /** Goes to page `next`; `nextPageUrl` is the answer of the page on screen. */
  function goTo(next: number, nextPageUrl: string | null | undefined) {
    const cursors = { ...current.cursors };
    if (next === current.page + 1 && nextPageUrl) {
      const cursor = new URL(nextPageUrl, window.location.origin).searchParams.get('cursor');
      if (cursor) cursors[next] = cursor;
    }
    setState({ scope, page: next, cursors });
  }

  return { page: current.page, cursor: current.cursors[current.page], goTo };
}
