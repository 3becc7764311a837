import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SELLER_TEXT } from '@gm/shared/seller/dashboard';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { downloadExport } from '../../../../scripts/test/export-link.ts';
import { seedInvoices } from '../../../../scripts/test/seed-invoices.ts';

/**
 * Large exports (issue 12): every export is written to the private bucket and answered as a
 * presigned link; the zip is streamed, so a period over the old 4.2 MB refusal works.
 */
const OLD_LIMIT = 4_200_000;
// An invoice PDF is about 3.2 kB: this many make a zip over the old limit.
const INVOICES = 1_400;
const DAY = '2019-05-15';

describe('large exports by presigned link', () => {
  it(
    'a zip over the old 4.2 MB limit downloads by a short-lived link with every invoice',
    { timeout: 240_000 },
    async () => {
      const seller = await createTestAccount('seller');
      const other = await createTestAccount('seller');
      const invoices = await seedInvoices(seller.userId, INVOICES, DAY);
      await seedInvoices(other.userId, 2, DAY);

      const zipped = await downloadExport(seller.token, 'seller-invoice/download-buyer-pdf-invoices', {
        from: DAY,
        to: DAY,
        zip: true,
      });
      expect(zipped.status, JSON.stringify(zipped.body)).toBe(200);
      expect(zipped.link).toMatchObject({ filename: `Rechnungen_${DAY}_${DAY}.zip` });
      expect(zipped.link!.expires_in).toBeLessThanOrEqual(300);
      const url = new URL(zipped.link!.url);
      // Short-lived: the signature says at most five minutes.
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
      expect(url.searchParams.get('response-content-disposition')).toContain('attachment');
      expect(url.searchParams.get('response-cache-control')).toBe('no-store');
      // Unguessable: a random key below the owner's prefix.
      expect(url.pathname).toMatch(
        new RegExp(`/exports/${seller.userId}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.zip$`),
      );
      expect(zipped.headers.get('content-type')).toBe('application/zip');
      expect(zipped.headers.get('cache-control')).toBe('no-store');
      expect(zipped.bytes.byteLength).toBeGreaterThan(OLD_LIMIT);

      const files = unzipSync(zipped.bytes);
      const names = Object.keys(files);
      expect(names).toHaveLength(INVOICES);
      expect(new Set(names)).toEqual(new Set(invoices.map((i) => `Rechnung-${i.invoice_no}.pdf`)));
      for (const pdf of Object.values(files)) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');

      // A second export of the same period lies under another random key.
      const again = await api('POST', 'seller-invoice/download-order-csv', {
        token: seller.token,
        body: { from: DAY, to: DAY },
      });
      expect(again.status).toBe(200);
      // The link is a credential: the API answer is never cached.
      expect(again.headers.get('cache-control')).toBe('no-store');
      expect(again.body.url).not.toBe(zipped.link!.url);
      expect(new URL(again.body.url).pathname).toMatch(new RegExp(`/exports/${seller.userId}/[0-9a-f-]{36}\\.csv$`));

      // The link is the only way in: another key with the same signature is refused.
      const guessed = new URL(zipped.link!.url);
      guessed.pathname = guessed.pathname.replace(/[0-9a-f-]{36}\.zip$/, `${crypto.randomUUID()}.zip`);
      expect((await fetch(guessed)).status).toBeGreaterThanOrEqual(400);

      // The other seller sees only their own invoices and cannot name the first.
      const own = await downloadExport(other.token, 'seller-invoice/download-buyer-pdf-invoices', {
        from: DAY,
        to: DAY,
      });
      expect(own.status).toBe(200);
      expect(Object.keys(unzipSync(own.bytes))).toHaveLength(2);
      const foreign = await api('POST', 'seller-invoice/download-buyer-pdf-invoices', {
        token: other.token,
        body: { from: DAY, to: DAY, seller_id: seller.userId },
      });
      expect(foreign.status).toBe(403);
      // A period without invoices is still the 404 with the spec's text (no empty file, no link).
      const none = await api('POST', 'seller-invoice/download-buyer-pdf-invoices', {
        token: other.token,
        body: { from: '2019-01-01', to: '2019-01-02' },
      });
      expect(none).toMatchObject({ status: 404, body: { message: SELLER_TEXT.noInvoices } });
    },
  );
});
