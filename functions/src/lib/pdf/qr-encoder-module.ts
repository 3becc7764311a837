/**
 * qrcode's encoder only (its main entry adds the PNG/SVG/terminal renderers to the bundle). Import it only
 * through `loadQrEncoder()` (pdf-stack.ts), so the bundles of PDFs without a QR code (invoices) hold none of it.
 */
export { create as createQr } from 'qrcode/lib/core/qrcode.js';
