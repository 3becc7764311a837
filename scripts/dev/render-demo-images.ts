import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../test/browser.ts';
import { demoMediaFiles } from './demo-data.ts';
import { DEMO_IMAGE_SOURCES, DEMO_IMAGES_DIR, drawingHash } from './demo-images.ts';

/**
 * `npm run demo-images`: renders the demo drawings (demo-data.ts) into the JPEG/PNG files the seed
 * uploads, with the local chromium (no network). Run it after changing a drawing; the unit test
 * compares each drawing with the hash in sources.json, so a stale image fails `npm test`.
 *
 * Why files and not SVG: pdf-lib embeds only JPEG and PNG, so SVG backgrounds left every demo
 * voucher PDF a flat colour block; uploads accept only JPEG and PNG too.
 */
/** JPEG quality: the 59 demo images stay near 0.8 MB together with no visible artefacts on the gradients. */
const JPEG_QUALITY = 82;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

export async function renderDemoImages(): Promise<{ files: number; bytes: number }> {
  const files = demoMediaFiles();
  const browser = await launchBrowser();
  let bytes = 0;
  try {
    const page = await browser.newPage();
    for (const file of files) {
      const [width, height] = (/viewBox="0 0 (\d+) (\d+)"/.exec(file.svg) ?? []).slice(1).map(Number);
      if (!width || !height) throw new Error(`${file.key}: the drawing has no viewBox`);
      await page.setViewportSize({ width, height });
      await page.setContent(`<!doctype html><html><body style="margin:0">${file.svg}</body></html>`);
      const png = file.contentType === 'image/png';
      const image = await page.screenshot({
        clip: { x: 0, y: 0, width, height },
        ...(png ? { type: 'png', omitBackground: true } : { type: 'jpeg', quality: JPEG_QUALITY }),
      });
      const target = join(DEMO_IMAGES_DIR, file.key);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, image);
      bytes += image.byteLength;
    }
  } finally {
    await browser.close();
  }
  // Images of drawings that no longer exist go.
  const keep = new Set([...files.map((f) => f.key), 'sources.json']);
  for (const stale of await filesUnder(DEMO_IMAGES_DIR))
    if (!keep.has(stale.split('\\').join('/'))) await rm(join(DEMO_IMAGES_DIR, stale));
  const sources = Object.fromEntries(files.map((f) => [f.key, drawingHash(f.svg)]));
  await writeFile(DEMO_IMAGE_SOURCES, `${JSON.stringify(sources, null, 2)}\n`);
  return { files: files.length, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  renderDemoImages()
    .then(({ files, bytes }) => console.log(`Rendered ${files} demo images, ${Math.round(bytes / 1024)} KB.`))
    .catch((error: unknown) => {
      console.error('Rendering failed:', error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
