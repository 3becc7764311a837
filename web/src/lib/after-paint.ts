/**
 * Calls `callback` once the browser has painted its next frame (issue 15): a timeout queued from
 * requestAnimationFrame runs once that frame is out. A hidden tab paints no frames, so the callback
 * then follows after `fallbackMs`. Once at most; the answer cancels it.
 */
export function afterNextPaint(callback: () => void, fallbackMs = 250): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
  const run = () => {
    if (done) return;
    cancel();
    callback();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, fallbackMs);
  return cancel;
}
