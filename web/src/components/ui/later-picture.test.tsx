// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { LaterPicture } from './later-picture.tsx';
import {
  FIRST_PICTURES_WAIT_MS,
  holdPicturesUntilFirstPaint,
  releasePicturesAfterFirstPaint,
} from '../../lib/first-paint.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Screen({ eager }: { eager?: string }) {
  return (
    <main>
      {eager && <img src={eager} alt="Erstes Bild" loading="eager" />}
      <LaterPicture src="/media/logo.png" alt="Logo Alpenspa" />
    </main>
  );
}

const later = () => screen.queryByAltText('Logo Alpenspa');

/** The app's start with one eager picture of the first screen still loading; released, then `ms` pass. */
async function releasedWhileLoading(src: string, ms: number): Promise<HTMLImageElement> {
  vi.useFakeTimers();
  holdPicturesUntilFirstPaint();
  render(<Screen eager={src} />);
  const first = screen.getByAltText('Erstes Bild') as HTMLImageElement;
  Object.defineProperty(first, 'complete', { value: false });
  await act(async () => {
    releasePicturesAfterFirstPaint();
    await vi.advanceTimersByTimeAsync(ms);
  });
  return first;
}

describe('pictures after the first paint', () => {
  it('renders a later picture at once when nothing holds the gate (a component on its own)', () => {
    render(<Screen />);
    expect(later()?.getAttribute('loading')).toBe('lazy');
  });

  it('holds later pictures until the first screen has painted', async () => {
    vi.useFakeTimers();
    holdPicturesUntilFirstPaint();
    render(<Screen />);
    expect(later()).toBeNull();
    await act(async () => {
      releasePicturesAfterFirstPaint();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(later()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(later()).not.toBeNull();
  });

  it('waits for the first screen’s eager pictures to load, then opens', async () => {
    const first = await releasedWhileLoading('/media/first.jpg', 300);
    expect(later()).toBeNull();
    await act(async () => {
      first.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(later()).not.toBeNull();
  });

  it('opens after the longest wait when an eager picture never arrives', async () => {
    await releasedWhileLoading('/media/slow.jpg', FIRST_PICTURES_WAIT_MS - 100);
    expect(later()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(later()).not.toBeNull();
  });
});
