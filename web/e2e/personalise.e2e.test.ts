import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUYER_VOUCHER_TEXT } from '@gm/shared/wallet/buyer-voucher';
import { PERSONALISE_TEXT } from '@gm/shared/wallet/personalisation';
import { createTestAccount, type TestAccount } from '../../scripts/test/accounts.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, drawPng, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';
import { issueOwnedVoucher } from '../../scripts/test/owned-voucher.ts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createUserVoucherRepository } from '../../functions/src/repositories/user-voucher-repository.ts';
import { createBuyerVoucherRepository } from '../../functions/src/repositories/buyer-voucher-repository.ts';

/**
 * Personalise (01 §2): a buyer gives a bought wallet voucher their own cropped photo, a message and a
 * colour, shows the price, saves (on to /wallet) and finds it saved; leaving with unsaved changes asks
 * first. Then the buyer designs a gift voucher of their own (newsletter popup, /wallet/vouchers).
 */
const browser = useBrowser();
const NOTE = 'Alles Gute zum Geburtstag, Mama!';

async function signedInBuyer(width: number): Promise<{ page: Page; buyer: TestAccount }> {
  const buyer = await createTestAccount('user');
  const page = await openPage(browser(), { width });
  await logIn(page, buyer.email, buyer.password, { expectPath: /\/(home|wallet)$/ });
  return { page, buyer };
}

const userVouchers = () => createUserVoucherRepository(documentClient(), env().TABLE_NAME);

describe('personalise a wallet voucher', () => {
  it('a buyer uploads and crops a photo, writes a message, shows the price and saves', async () => {
    const { page, buyer } = await signedInBuyer(1280);
    const uv = await issueOwnedVoucher(buyer.userId);
    await page.goto(at(`/vouchers/personalized/${uv.id}`));
    await page.getByTestId('personalise-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Gutschein personalisieren');
    // 'Preis verstecken' is on by default (01 §3): no price on the preview.
    expect(await page.getByLabel(PERSONALISE_TEXT.hidePrice).isChecked()).toBe(true);
    expect(await page.getByTestId('personalise-preview-price').count()).toBe(0);
    await expectAccessible(page, 'personalise');

    // Own photo: pick, crop to 730 × 676 (JPEG), and it shows on the preview at once.
    const png = await drawPng(page, { width: 1600, height: 1000, from: '#1d4f55', to: '#ff5563', radius: 200 });
    await page.getByTestId('photo-input').setInputFiles({ name: 'familie.png', mimeType: 'image/png', buffer: png });
    const crop = page.getByTestId('crop-dialog');
    await crop.getByRole('heading', { name: 'Foto zuschneiden' }).waitFor();
    await crop.getByRole('button', { name: 'Übernehmen' }).click();
    await crop.waitFor({ state: 'detached' });
    expect(await page.getByTestId('background-custom').isChecked()).toBe(true);
    expect(await page.getByTestId('personalise-preview-background').getAttribute('src')).toMatch(/^blob:/);

    // Message with its counter; over 120 is marked.
    const note = page.getByLabel('Persönliche Nachricht');
    await note.fill(NOTE);
    expect(await page.getByTestId('counter-note').textContent()).toContain(`${NOTE.length} / 120`);
    expect(await page.getByTestId('personalise-preview-note').textContent()).toBe(NOTE);
    await page.getByTitle('Rot').click();
    await page.getByLabel(PERSONALISE_TEXT.hidePrice).uncheck();
    expect(await page.getByTestId('personalise-preview-price').textContent()).toContain('49,00');
    await saveScreenshot(page, 'personalise-desktop');

    await page.getByTestId('personalise-save').click();
    await page.waitForURL(/\/wallet$/);

    const saved = await userVouchers().get(uv.id);
    expect(saved?.version).toBe(2);
    expect(saved?.personalisation).toMatchObject({
      note: NOTE,
      text_color: '#ff5563',
      price_hidden: false,
      template_id: null,
    });
    expect(saved?.personalisation?.custom_image).toMatch(new RegExp(`^/media/user-vouchers/${uv.id}/.+\\.jpg$`));

    // Opened again, the page shows the saved design, with the published photo.
    await page.goto(at(`/vouchers/personalized/${uv.id}`));
    await page.getByTestId('personalise-page').waitFor();
    expect(await page.getByLabel('Persönliche Nachricht').inputValue()).toBe(NOTE);
    expect(await page.getByTestId('personalise-preview-background').getAttribute('src')).toBe(
      saved?.personalisation?.custom_image,
    );
    const image = await fetch(at(saved!.personalisation!.custom_image!));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('leaving with unsaved changes asks to save; Verwerfen leaves without saving', async () => {
    const { page, buyer } = await signedInBuyer(375);
    const uv = await issueOwnedVoucher(buyer.userId);
    await page.goto(at(`/vouchers/personalized/${uv.id}`));
    await page.getByTestId('personalise-page').waitFor();
    await page.getByLabel('Persönliche Nachricht').fill('Nicht speichern');
    await saveScreenshot(page, 'personalise-mobile');
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    const leave = page.getByTestId('leave-dialog');
    await leave.getByText(PERSONALISE_TEXT.leaveQuestion).waitFor();
    await leave.getByRole('button', { name: 'Verwerfen' }).click();
    await page.waitForURL(/\/wallet$/);
    expect((await userVouchers().get(uv.id))?.personalisation).toBeUndefined();

    // Speichern in the prompt saves first, then leaves.
    await page.goto(at(`/vouchers/personalized/${uv.id}`));
    await page.getByLabel('Persönliche Nachricht').fill('Doch speichern');
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    await page.getByTestId('leave-dialog').getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/wallet$/);
    await expect.poll(async () => (await userVouchers().get(uv.id))?.personalisation?.note).toBe('Doch speichern');

    // An unknown id: the shared 404 frame with its own heading and the way back to the wallet.
    await page.goto(at('/vouchers/personalized/00000000-0000-4000-8000-000000000000'));
    const notFound = page.getByTestId('personalise-not-found');
    await notFound.waitFor();
    expect(await notFound.getByRole('heading', { level: 1 }).textContent()).toBe('Gutschein nicht gefunden');
    expect(await notFound.getByRole('link', { name: 'Zur Wallet' }).getAttribute('href')).toBe('/wallet');
    await saveScreenshot(page, 'personalise-not-found-mobile');
  });
});

describe('buyer-designed gift voucher', () => {
  it('opens with the newsletter popup, saves and lists the voucher under /wallet/vouchers', async () => {
    const { page, buyer } = await signedInBuyer(1280);
    await page.goto(at('/wallet/vouchers'));
    await page.getByTestId('wallet-buyer-vouchers').waitFor();
    await page.getByText('Noch keine Daten vorhanden.').waitFor();
    // The wallet's sub-pages keep 'Meine Wallet' highlighted in the header.
    const currentNav = page.getByRole('navigation', { name: 'Hauptnavigation' }).locator('[aria-current="page"]');
    expect(await currentNav.textContent()).toBe('Meine Wallet');

    // A fresh designer (?new=1) asks the API nothing: no 404 lookup for an id that cannot exist yet.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/v1/buyer-voucher/')) lookups.push(request.url());
    });
    await page.getByTestId('buyer-voucher-new').click();
    const popup = page.getByTestId('newsletter-popup');
    await popup.getByRole('heading', { name: BUYER_VOUCHER_TEXT.newsletterTitle }).waitFor();
    await popup.getByTestId('newsletter-close').click();
    await popup.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('new')).toBe('1');
    expect(lookups).toEqual([]);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByLabel('Titel').fill('Frühstück im Bett');
    await page.getByLabel('Persönliche Nachricht').fill('Für den besten Papa');
    // No 'Preis verstecken' on the buyer-designed variant.
    expect(await page.getByLabel(PERSONALISE_TEXT.hidePrice).count()).toBe(0);
    await expectAccessible(page, 'designer');
    await saveScreenshot(page, 'buyer-voucher-designer');
    await page.getByTestId('personalise-save').click();
    await page.waitForURL(/\/wallet\/vouchers$/);

    const item = page.locator(`[data-testid="buyer-voucher-item"][data-id="${id}"]`);
    await item.waitFor();
    expect(await item.getByRole('heading').textContent()).toBe('Frühstück im Bett');
    const stored = await createBuyerVoucherRepository(documentClient(), env().TABLE_NAME).get(id);
    expect(stored).toMatchObject({
      owner_user_id: buyer.userId,
      creator_user_id: buyer.userId,
      title: 'Frühstück im Bett',
      personalisation: { note: 'Für den besten Papa' },
    });
    await saveScreenshot(page, 'wallet-buyer-vouchers');

    // Its personalise page goes back to /wallet/vouchers.
    await item.getByRole('link', { name: 'Personalisieren' }).click();
    await page.getByTestId('buyer-personalise-page').waitFor();
    await page.getByLabel('Persönliche Nachricht').fill('Für die beste Mama');
    // An admin template (seeded) as background.
    await page.locator('.segmented__option', { hasText: 'Vorlage' }).click();
    await page.locator('.template-grid__item').first().click();
    expect(await page.getByTestId('template-option').first().isChecked()).toBe(true);
    await expect
      .poll(async () => page.getByTestId('personalise-preview-background').getAttribute('src'))
      .toMatch(/^\/media\/templates\//);
    await page.getByTestId('personalise-save').click();
    await page.waitForURL(/\/wallet\/vouchers$/);
    await item.getByText('Für die beste Mama').waitFor();
    const designed = await createBuyerVoucherRepository(documentClient(), env().TABLE_NAME).get(id);
    expect(designed?.personalisation).toMatchObject({
      note: 'Für die beste Mama',
      custom_image: null,
      template_id: expect.any(String),
    });
  });
});
