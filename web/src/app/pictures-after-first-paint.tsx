import { useEffect } from 'react';
import { releasePicturesAfterFirstPaint } from '../lib/first-paint.ts';

/** Renders nothing: once the first screen has committed, the pictures outside it may follow (lib/first-paint.ts). */
export function PicturesAfterFirstPaint() {
  useEffect(() => releasePicturesAfterFirstPaint(), []);
  return null;
}
