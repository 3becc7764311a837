// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles 350 ms after the last change, and calls onSettle once with the settled value', () => {
    const onSettle = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 350, onSettle), {
      initialProps: { value: '' },
    });
    act(() => vi.advanceTimersByTime(350));
    onSettle.mockClear();

    rerender({ value: 'h' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'ha' });
    act(() => vi.advanceTimersByTime(349));
    expect(result.current).toBe('');
    expect(onSettle).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ha');
    expect(onSettle).toHaveBeenCalledTimes(1);
    expect(onSettle).toHaveBeenCalledWith('ha');
  });
});
