import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has stayed unchanged for `delayMs` (the admin searches' 350 ms, 03 §9). `onSettle`
 * runs with each newly settled value (e.g. back to page 1), in the same update as the value itself.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, onSettle?: (value: T) => void): T {
  const [settled, setSettled] = useState(value);
  const onSettleRef = useRef(onSettle);
  useEffect(() => {
    onSettleRef.current = onSettle;
  });
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSettled(value);
      onSettleRef.current?.(value);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
