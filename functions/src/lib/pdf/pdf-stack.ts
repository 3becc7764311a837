import type { ColorTypes, RGB } from 'pdf-lib';

/** What `loadPdfStack()` answers: pdf-lib's values (pdf-stack-modules.ts). */
export type PdfStack = typeof import('./pdf-stack-modules.ts');
/** qrcode's `create` (qr-encoder-module.ts). */
export type QrEncoder = (typeof import('./qr-encoder-module.ts'))['createQr'];

let stack: Promise<PdfStack> | undefined;
let qrEncoder: Promise<QrEncoder> | undefined;

/**
 * The PDF stack, loaded with the first PDF a container makes (issue 15): pdf-lib, upng, the fonts and
 * qrcode run their module code then, not at the cold start of every bundle that can make a PDF (the mail
 * worker sends most mails without one). The Lambda build (bundle-build.ts, code splitting) puts them in a
 * chunk read when this is first awaited — only as long as no module of the bundle imports them
 * statically: renderers import pdf-lib's types with `import type` and its values from here (eslint holds it).
 */
export function loadPdfStack(): Promise<PdfStack> {
  stack ??= import('./pdf-stack-modules.ts');
  return stack;
}

/** qrcode's encoder, loaded like the PDF stack with the first QR code drawn (vouchers, employee codes). */
export function loadQrEncoder(): Promise<QrEncoder> {
  qrEncoder ??= import('./qr-encoder-module.ts').then((module) => module.createQr);
  return qrEncoder;
}

/** pdf-lib's `rgb` as plain data (same object, no pdf-lib at import): for colours outside the async renderers. */
export function rgb(red: number, green: number, blue: number): RGB {
  for (const [name, value] of [
    ['red', red],
    ['green', green],
    ['blue', blue],
  ] as const)
    if (!(value >= 0 && value <= 1)) throw new Error(`${name} must be at least 0 and at most 1, but was ${value}`);
  return { type: 'RGB' as ColorTypes.RGB, red, green, blue };
}
