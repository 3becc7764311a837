import { useSyncExternalStore } from 'react';
import { afterNextPaint } from './after-paint.ts';

/**
 * The first screen's paint as a gate for the pictures that are not part of it (issue 15): sellers' logos, the
 * lazy card pictures and category pictures go into the page only once the first screen has painted and its own
 * pictures (`loading="eager"`) have loaded. On a slow line they then do not share the bandwidth with the largest
 * paint; afterwards every picture renders at once.
 *
 * The gate is open unless the app's entry holds it (`holdPicturesUntilFirstPaint`), so a component rendered on
 * its own (tests, a later page) never waits.
 */

/** How long the first screen's own pictures are waited for at most before the others load anyway. */
export const FIRST_PICTURES_WAIT_MS = 2500;

let open = true;
let released = false;
const listeners = new Set<() => void>();

function openGate() {
  if (open) return;
  open = true;
  for (const listener of [...listeners]) listener();
}

/** Called by the entry before the first render: later pictures wait for `releasePicturesAfterFirstPaint`. */
export function holdPicturesUntilFirstPaint(): void {
  open = false;
  released = false;
}

const settled = (image: HTMLImageElement) =>
  new Promise<void>((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });

/**
 * Called once the first screen has committed: after the next painted frame, and once the pictures it loads
 * eagerly have arrived (at most `FIRST_PICTURES_WAIT_MS`), the gate opens. Later calls do nothing.
 */
export function releasePicturesAfterFirstPaint(doc: Document = document): void {
  if (open || released) return;
  released = true;
  // The frame after the next one: only then is the first screen on screen (and its largest paint recorded).
  // A hidden tab has no frames: 250 ms at most.
  const afterPaint = new Promise<void>((resolve) => {
    afterNextPaint(() => afterNextPaint(resolve));
    setTimeout(resolve, 250);
  });
  void afterPaint.then(() => {
    const pending = [...doc.images].filter((image) => image.loading !== 'lazy' && !image.complete);
    const waitMax = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PICTURES_WAIT_MS));
    return Promise.race([Promise.all(pending.map(settled)), waitMax]).then(openGate);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOpen = () => open;

/** True once pictures outside the first screen may load (at once unless the entry holds the gate). */
export function usePicturesAllowed(): boolean {
  return useSyncExternalStore(subscribe, isOpen, isOpen);
}
