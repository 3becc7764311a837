import { useEffect, useRef, type RefObject } from 'react';

/** Load-more distances from the bottom (01 §9): 15 px for pages, 25 px in seller lists. */
export const LOAD_MORE_THRESHOLD = 15;
export const SELLER_LIST_THRESHOLD = 25;

export type ScrollBox = { scrollTop: number; clientHeight: number; scrollHeight: number };

export function isNearBottom(box: ScrollBox, threshold: number): boolean {
  return box.scrollHeight - (box.scrollTop + box.clientHeight) <= threshold;
}

/**
 * 01 §2: near the bottom a load-more is triggered unless loading or processing is in progress, a
 * seller modal is open, or infinite loading is off (the last answer had no next_page_url).
 */
export function shouldLoadMore(state: {
  nearBottom: boolean;
  loading: boolean;
  sellerModalOpen: boolean;
  hasNextPage: boolean;
}): boolean {
  return state.nearBottom && !state.loading && !state.sellerModalOpen && state.hasNextPage;
}

function boxOf(container: HTMLElement | null): ScrollBox {
  if (container) return container;
  const root = document.documentElement;
  return { scrollTop: window.scrollY, clientHeight: window.innerHeight, scrollHeight: root.scrollHeight };
}

/**
 * Calls `onLoadMore` when the window (or `container`) is scrolled to within `threshold` px of its
 * bottom and `shouldLoadMore` agrees. Lists also render a 'Mehr laden' button, so keyboard users and
 * short pages are not stuck.
 */
export function useInfiniteScroll(options: {
  enabled: boolean;
  threshold: number;
  loading: boolean;
  sellerModalOpen: boolean;
  hasNextPage: boolean;
  onLoadMore: () => void;
  container?: RefObject<HTMLElement | null>;
}): void {
  const { enabled, threshold, container } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!enabled) return;
    const target: HTMLElement | Window = container?.current ?? window;
    const check = () => {
      const { loading, sellerModalOpen, hasNextPage, onLoadMore } = latest.current;
      if (
        shouldLoadMore({
          nearBottom: isNearBottom(boxOf(container?.current ?? null), threshold),
          loading,
          sellerModalOpen,
          hasNextPage,
        })
      )
        onLoadMore();
    };
    target.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check, { passive: true });
    return () => {
      target.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, threshold, container]);
  // A page that arrived while the reader already sat at the bottom (or one too short to scroll) fires
  // no scroll event: check once more whenever a load ends.
  const { loading, hasNextPage } = options;
  useEffect(() => {
    if (!enabled || loading || !hasNextPage) return;
    const { sellerModalOpen, onLoadMore } = latest.current;
    if (
      shouldLoadMore({
        nearBottom: isNearBottom(boxOf(container?.current ?? null), threshold),
        loading,
        sellerModalOpen,
        hasNextPage,
      })
    )
      onLoadMore();
  }, [enabled, loading, hasNextPage, threshold, container]);
}
