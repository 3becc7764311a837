/**
 * The QR encoder of the `qrcode` package without its renderers (PNG, SVG, terminal, canvas: 37 KB of
 * a Lambda bundle). Same `create` as the package's main entry, which re-exports it from here.
 */
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}
