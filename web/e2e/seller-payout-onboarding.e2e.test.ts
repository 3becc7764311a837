import { describe, expect, it } from 'vitest';
import { CONNECT_TEXT } from '@gm/shared/admin/connect-onboarding';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { sellerWithPayoutAccount } from '../../scripts/test/payout-seller.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Stripe Connect onboarding (issue 12) on the real stack: a seller whose payouts are not enabled
 * clicks 'Auszahlungen einrichten' on the dashboard banner, completes onboarding on the Stripe
 * stand-in's page ('Abschließen'), comes back to the profile's tab 2, where the status (fed by the
 * signed `account.updated` webhook) shows payouts enabled, and the dashboard banner is gone.
 */
const browser = useBrowser();

describe('seller payout onboarding', () => {
  it('goes from the dashboard banner through Stripe onboarding back to payouts enabled', async () => {
    const seller = await sellerWithPayoutAccount();
    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, seller.email, seller.password, { expectPath: /\/home$/ });

    const banner = page.getByTestId('documents-banner');
    await banner.waitFor();
    await expectAccessible(page, 'seller dashboard with payout banner');
    await saveScreenshot(page, 'seller-payout-banner');
    await banner.getByRole('button', { name: CONNECT_TEXT.start }).click();

    // The stand-in's onboarding page shows the company and finishes with 'Abschließen'.
    await page.waitForURL(/\/__onboarding\/acct_/);
    expect(await page.getByTestId('onboarding-company').textContent()).toBe(seller.company);
    await saveScreenshot(page, 'seller-payout-stripe-page');
    await page.getByRole('button', { name: 'Abschließen' }).click();

    await page.waitForURL(/\/profile-info\?currentTab=2&stripe=return$/);
    const section = page.getByTestId('payout-setup-section');
    await section.waitFor();
    await expect.poll(() => section.getByTestId('payout-enabled').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await section.getByTestId('payout-enabled').textContent()).toBe(CONNECT_TEXT.enabled);
    await expectAccessible(page, 'profile verification tab with payouts enabled');
    await saveScreenshot(page, 'seller-payout-enabled');

    await page.goto(at('/home'));
    await page.getByTestId('dash-sold-total').waitFor();
    expect(await page.getByTestId('documents-banner').count()).toBe(0);
  });

  it('shows the button on the profile tab on a phone', async () => {
    const seller = await sellerWithPayoutAccount();
    const page = await openPage(browser(), { width: 375 });
    await logIn(page, seller.email, seller.password, { expectPath: /\/home$/ });
    await page.goto(at('/profile-info?currentTab=2'));
    const button = page.getByTestId('payout-setup-section').getByRole('button', { name: CONNECT_TEXT.start });
    await button.waitFor();
    await expectAccessible(page, 'profile verification tab with payout set-up (phone)');
    await saveScreenshot(page, 'seller-payout-profile-phone');
  });
});
