import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { CART_ID_HEADER, ORDER_TEXT } from '@gm/shared/orders/contracts';
import { voucherPdfFilename } from '@gm/shared/wallet/contracts';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails, type SentMail } from '../../../../scripts/test/api.ts';
import { pdfImages, qrTextsInPdf } from '../../../../scripts/test/pdf-qr.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { s3Client } from '../../lib/clients.ts';
import { orders, userVouchers } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { MAIL_ATTACHMENT_BUDGET } from '../mail-attachments.ts';
import { GUEST_RETRIEVAL_PATH } from './confirmation-mail.ts';
import { invoiceFilename } from './invoice-pdf.ts';

/** A guest has no wallet: the confirmation mail carries the voucher PDFs next to the invoices, within the mail size budget. */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 20_000 }) });

async function browserCard(): Promise<string> {
  const response = await fetch(`${standIn()}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 2),
      'card[cvc]': '123',
    }),
  });
  return ((await response.json()) as { id: string }).id;
}

async function putMedia(path: string, bytes: Uint8Array): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: path.slice(1), Body: bytes, ContentType: 'image/jpeg' }),
  );
}

/** The JPEG padded with comment segments (decoders skip them) to `size` bytes: a large background. */
function paddedJpeg(jpeg: Uint8Array, size: number): Uint8Array {
  const chunks: Uint8Array[] = [jpeg.subarray(0, 2)];
  let total = jpeg.length;
  while (total < size) {
    const n = Math.min(65_533, size - total);
    const segment = new Uint8Array(n + 4);
    segment.set([0xff, 0xfe, ((n + 2) >> 8) & 255, (n + 2) & 255]);
    chunks.push(segment);
    total += segment.length;
  }
  chunks.push(jpeg.subarray(2));
  return Buffer.concat(chunks);
}

/** A guest buys one line per voucher id and pays by card; the confirmation mail to the guest. */
async function guestBuys(voucherIds: string[]): Promise<{ mail: SentMail; lineIds: string[] }> {
  const cartId = randomUUID();
  const email = `gast-${cartId.slice(0, 8)}@test.example`;
  const lineIds: string[] = [];
  for (const id of voucherIds) {
    const added = await api('POST', 'order/guest', {
      body: { voucher_id: id, qty: 1 },
      headers: { [CART_ID_HEADER]: cartId },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    lineIds.push(added.body.data.id as string);
  }
  const since = Math.floor(Date.now() / 1000) - 1;
  const paid = await api('POST', 'order/guest/payment', {
    body: {
      payment_type: 'card',
      payment_method: await browserCard(),
      guest: { email, first_name: 'Gerda', last_name: 'Gast' },
    },
    headers: { [CART_ID_HEADER]: cartId, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await settle();
  const mails = (await sentMails(since)).filter(
    (m) => m.destination.to.includes(email) && m.subject === 'Deine Bestellung bei Gutscheinmarkt',
  );
  expect(mails).toHaveLength(1);
  return { mail: mails[0]!, lineIds };
}

const fixture = () => readFile(new URL('../../../../scripts/bench/fixtures/voucher-background.jpg', import.meta.url));

describe('guest confirmation mail', () => {
  it('attaches one voucher PDF per voucher (code as QR, background embedded) next to the invoices', async () => {
    const seller = await createTestAccount('seller');
    const image = `/media/test/${randomUUID()}.jpg`;
    await putMedia(image, await fixture());
    const first = testVoucher(`v-${randomUUID()}`, seller.userId, { background_image: image });
    const second = testVoucher(`v-${randomUUID()}`, seller.userId, { background_image: image, title: 'Zweiter' });
    await putVouchers(first, second);

    const { mail, lineIds } = await guestBuys([first.id, second.id]);
    const issued = [];
    for (const id of lineIds) {
      const line = await orders().get(id);
      expect(line?.status).toBe('completed');
      issued.push({ invoice: line!.invoice_no!, voucher: (await userVouchers().get(line!.user_voucher_ids![0]!))! });
    }
    expect(mail.attachments?.map((a) => a.filename).sort()).toEqual(
      [
        ...issued.map((i) => invoiceFilename(i.invoice)),
        ...issued.map((i) => voucherPdfFilename(i.voucher.order_no, i.voucher.code)),
      ].sort(),
    );
    expect(mail.body.text).toContain('Die Rechnungen und deine Gutscheine als PDF findest du im Anhang.');
    expect(mail.body.text).not.toContain(GUEST_RETRIEVAL_PATH);
    for (const { voucher } of issued) {
      const attachment = mail.attachments!.find(
        (a) => a.filename === voucherPdfFilename(voucher.order_no, voucher.code),
      );
      expect(attachment?.contentType).toBe('application/pdf');
      const pdf = new Uint8Array(Buffer.from(attachment!.content, 'base64'));
      expect(await qrTextsInPdf(pdf)).toContain(voucher.qr);
      expect((await pdfImages(pdf)).some((i) => i.filter === '/DCTDecode')).toBe(true);
    }
  });

  it('links the voucher PDFs that would push the mail over the size budget instead of attaching them', async () => {
    const seller = await createTestAccount('seller');
    const image = `/media/test/${randomUUID()}.jpg`;
    await putMedia(image, paddedJpeg(await fixture(), MAIL_ATTACHMENT_BUDGET + 512 * 1024));
    const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, { background_image: image, title: 'Riesenbild' });
    await putVouchers(voucher);

    const { mail, lineIds } = await guestBuys([voucher.id]);
    const line = await orders().get(lineIds[0]!);
    const issued = (await userVouchers().get(line!.user_voucher_ids![0]!))!;
    expect(mail.attachments?.map((a) => a.filename)).toEqual([invoiceFilename(line!.invoice_no!)]);
    expect(mail.body.text).toContain(ORDER_TEXT.guestThankYou);
    expect(mail.body.text).toContain(`Code ${issued.code}`);
    expect(mail.body.text).toContain('Die Rechnung findest du im Anhang.');
    expect(mail.body.text).toContain('Diese Gutscheine waren zu groß für eine Email: Riesenbild.');
    expect(mail.body.text).toContain(GUEST_RETRIEVAL_PATH);
  });
});
