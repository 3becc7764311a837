import type { ImgHTMLAttributes } from 'react';
import { usePicturesAllowed } from '../../lib/first-paint.ts';

/**
 * A picture that is not part of the first screen (a logo, a card picture below the first row, a category
 * picture): lazy, decoded off the main thread, and put into the page only after the first screen has painted
 * (lib/first-paint.ts). Until then nothing renders, so its box must keep its size from the layout (issue 15).
 */
export function LaterPicture(props: Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding'>) {
  const allowed = usePicturesAllowed();
  return allowed ? <img loading="lazy" decoding="async" {...props} /> : null;
}
