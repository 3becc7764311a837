import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint.ts';

/**
 * How many of `stages` parts of a page may render: none in the first commit, then one more after each frame the
 * browser painted (issue 15). A page renders what is above the fold first and the parts below it one at a time
 * afterwards, so its first paint comes sooner and no single task lays the whole page out (Total Blocking Time
 * on a slow phone). In a hidden tab (no frames) everything follows after a short timeout.
 */
export function useStagesAfterPaint(stages: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= stages) return;
    return afterNextPaint(() => startTransition(() => setShown((n) => Math.max(n, shown + 1))));
  }, [shown, stages]);
  return shown;
}
