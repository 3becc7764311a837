import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The committed raster files of the demo drawings (rendered by render-demo-images.ts), one per media
 * key: `scripts/dev/demo-images/<key>`. `sources.json` holds the hash of the drawing each was rendered
 * from, so the unit test notices a drawing that changed without a new rendering.
 */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('./demo-images/', import.meta.url));
export const DEMO_IMAGE_SOURCES = join(DEMO_IMAGES_DIR, 'sources.json');

export const drawingHash = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 16);

export async function readDemoImage(key: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(join(DEMO_IMAGES_DIR, key)));
}
