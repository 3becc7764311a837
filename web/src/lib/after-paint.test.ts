// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const fakeFrames = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });

describe('afterNextPaint', () => {
  it('calls back once, right after the next frame (not again at the fallback)', () => {
    fakeFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back after the fallback when no frame comes (a hidden tab)', () => {
    fakeFrames();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const callback = vi.fn();
    afterNextPaint(callback, 250);
    vi.advanceTimersByTime(249);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls nothing once cancelled', () => {
    fakeFrames();
    const callback = vi.fn();
    afterNextPaint(callback)();
    vi.advanceTimersByTime(500);
    expect(callback).not.toHaveBeenCalled();
  });
});
