import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RESULTS_DIR, expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { acceptCookies, at, openPage, useBrowser, waitForAnnouncementGone } from '../../scripts/test/e2e-session.ts';

/**
 * Search and discovery as a guest (01 §2, §4): home banner → 'Gutscheine entdecken' with keyword,
 * region, category and price; the detail modal and page; sorting; the category page from a home
 * shortcut; the seller modal and page; infinite loading on a phone; campaign pages and /wp.
 */
const browser = useBrowser();

/** A guest's first visit: the cookie notice stays until a test accepts it. */
const newPage = (width: number, path = '/home') => openPage(browser(), { width, path, acceptCookies: false });

/** What a phone shows without scrolling (full-page shots of long lists are too tall to review). */
async function saveViewport(page: Page, name: string) {
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`) });
}

/** What the API answers for a search body, to compare the page against. */
type PriceRange = { low: number; high: number };

async function apiSearch(
  body: Record<string, unknown>,
): Promise<{ ids: string[]; total: number; prices: PriceRange[] }> {
  const response = await fetch(new URL('voucher/search', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    data: { id: string; type: string; price_filter: number; val_min: number | null; val_max: number | null }[];
    total: number;
  };
  return {
    ids: answer.data.map((v) => v.id),
    total: answer.total,
    prices: answer.data.map((v) =>
      v.type === 'value'
        ? { low: v.val_min ?? 0, high: v.val_max ?? 0 }
        : { low: v.price_filter, high: v.price_filter },
    ),
  };
}

const shownIds = (page: Page, list = 'search-results') =>
  page
    .getByTestId(list)
    .getByTestId('voucher-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-voucher-id') ?? ''));

describe('guest search', () => {
  it('searches by keyword, region, category and price, opens the detail modal and the page', async () => {
    const page = await newPage(1280);
    // The announcement greets the guest once and hides itself after 3 s.
    const announcement = page.getByTestId('announcement-modal');
    await announcement.waitFor();
    await saveScreenshot(page, 'search-home-announcement-desktop');
    await waitForAnnouncementGone(page);
    await acceptCookies(page);
    await page.getByTestId('category-slider').waitFor();
    await page.getByTestId('favourites-list').getByTestId('voucher-card').first().waitFor();
    await page.getByTestId('category-slider').getByRole('link').first().waitFor();
    await expectAccessible(page, 'guest home');

    await page.getByTestId('search-keyword').fill('Wellness');
    await page.getByTestId('search-region').selectOption({ label: 'Oberland' });
    await page.getByTestId('search-submit').click();
    await page.waitForURL(/\/vouchers\/search\?keyword=Wellness&region=1$/);
    expect(await page.getByTestId('discovery-keyword').inputValue()).toBe('Wellness');
    expect(await page.getByTestId('filter-region').inputValue()).toBe('1');
    const byKeyword = await apiSearch({ keyword: 'Wellness', isRegion: 1, paginate: 9 });
    expect(byKeyword.total).toBeGreaterThan(1);
    await expect.poll(() => shownIds(page)).toEqual(byKeyword.ids);
    await expectAccessible(page, 'search');

    await page.getByTestId('filter-category').selectOption({ label: 'Wellness' });
    await page.getByTestId('filter-price-from').fill('50');
    await page.getByTestId('filter-price-to').fill('150');
    const filtered = await apiSearch({
      keyword: 'Wellness',
      isRegion: 1,
      isCategory: 'cat-wellness',
      isPrice: { from: 5000, to: 15000 },
      paginate: 9,
    });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(byKeyword.total);
    // The price applies 1 s after typing stops.
    await expect.poll(() => shownIds(page), { timeout: 5000 }).toEqual(filtered.ids);
    // Product vouchers cost 50–150 €; a value voucher's range overlaps it.
    expect(filtered.prices.every((p) => p.low <= 15000 && p.high >= 5000)).toBe(true);
    expect(new URL(page.url()).searchParams.get('from')).toBe('50');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toContain(`${filtered.total}`);
    await saveScreenshot(page, 'search-filtered-desktop');
    await page.getByTestId('search-filters').screenshot({ path: join(RESULTS_DIR, 'search-filters-desktop.png') });

    // A card opens the detail modal, addressable by URL; Escape closes it.
    const first = page.getByTestId('search-results').getByTestId('voucher-card').first();
    const voucherId = (await first.getAttribute('data-voucher-id')) ?? '';
    await first.getByRole('link').click();
    const modal = page.getByTestId('voucher-modal');
    await modal.getByTestId('purchase-panel').waitFor();
    expect(new URL(page.url()).searchParams.get('voucher')).toBe(voucherId);
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(true);
    const total = await modal.getByTestId('purchase-total').textContent();
    await modal.getByTestId('amount-increase').click();
    await expect.poll(() => modal.getByTestId('purchase-total').textContent()).not.toBe(total);
    await modal.getByTestId('amount-decrease').click();
    await expect.poll(() => modal.getByTestId('purchase-total').textContent()).toBe(total);
    // Back at the minimum the stepper stops; typing below it shows the spec's message.
    expect(await modal.getByTestId('amount-decrease').isDisabled()).toBe(true);
    await modal.getByTestId('amount-input').fill('0');
    await modal.getByText(/^Der Wert muss mindestens sein/).waitFor();
    await modal.getByTestId('amount-increase').click();
    await expect.poll(() => modal.getByTestId('purchase-total').textContent()).toBe(total);
    await modal.getByTestId('guest-hint').waitFor();
    await modal.getByTestId('voucher-info').waitFor();
    await expectAccessible(page, 'voucher detail modal');
    await saveScreenshot(page, 'search-detail-modal-desktop');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('voucher')).toBeNull();
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(false);

    // The same voucher's page.
    await first.getByRole('link').click();
    await modal.getByTestId('voucher-modal-page-link').click();
    await page.waitForURL(new RegExp(`/vouchers/${voucherId}$`));
    await page.getByTestId('voucher-detail-page').waitFor();
    await page.getByTestId('purchase-panel').waitFor();
    expect(await page.getByTestId('seller-info-link').getAttribute('href')).toMatch(/^\/seller\//);
    await expectAccessible(page, 'voucher detail page');
    await saveScreenshot(page, 'search-detail-page-desktop');
    await page.context().close();
  });

  it('sorts one way at a time, clears the keyword when sorting, and pages with previous/next', async () => {
    const page = await newPage(1280, '/vouchers/search?keyword=gutschein');
    await acceptCookies(page);
    await page.getByTestId('search-results').waitFor();
    const lowest = page.getByTestId('sort-price');
    await lowest.click();
    await expect.poll(() => page.getByTestId('discovery-keyword').inputValue()).toBe('');
    await expect.poll(() => lowest.getAttribute('aria-pressed')).toBe('true');
    const sorted = await apiSearch({ isLowestPrice: true, paginate: 9 });
    await expect.poll(() => shownIds(page)).toEqual(sorted.ids);
    await page.getByTestId('sort-popular').click();
    await expect.poll(() => lowest.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.getByTestId('sort-popular').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('sort-popular').click();
    await expect.poll(() => page.getByTestId('sort-popular').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
    // A quick double click chooses a sort and clears it again: the second click builds on the first.
    await page.getByTestId('sort-popular').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('popular');
    await page.getByTestId('sort-newest').dblclick();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
    // The buttons follow the URL in the next render.
    await expect.poll(() => page.getByTestId('sort-newest').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.getByTestId('sort-popular').getAttribute('aria-pressed')).toBe('false');

    const pager = page.getByTestId('pagination');
    // Each button's name starts with its visible word (WCAG 2.5.3 label in name).
    const previous = pager.getByRole('button', { name: /^Zurück\b/ });
    const next = pager.getByRole('button', { name: /^Weiter\b/ });
    const lastPage = Math.ceil((await apiSearch({ paginate: 9 })).total / 9);
    expect(lastPage).toBeGreaterThan(2);
    expect(await previous.isDisabled()).toBe(true);
    // Unsorted and without a keyword now: wait for that answer (the sorted list stays on screen until it arrives).
    const firstPage = (await apiSearch({ paginate: 9 })).ids;
    await expect.poll(() => shownIds(page)).toEqual(firstPage);
    await next.click();
    await expect.poll(() => pager.textContent()).toContain(`Seite 2 von ${lastPage}`);
    await expect.poll(async () => (await shownIds(page))[0]).not.toBe(firstPage[0]);
    const secondPage = (await apiSearch({ paginate: 9, page: 2 })).ids;
    await expect.poll(() => shownIds(page)).toEqual(secondPage);
    for (let n = 3; n <= lastPage; n++) {
      // The pager disables both buttons while a page loads.
      await expect.poll(() => next.isEnabled()).toBe(true);
      await next.click();
      await expect.poll(() => pager.textContent()).toContain(`Seite ${n} von ${lastPage}`);
    }
    await expect.poll(() => previous.isEnabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);

    // From the last page, a sort starts at page 1, and so does clearing it again (01 §4) …
    await page.getByTestId('sort-price').click();
    await expect.poll(() => pager.textContent()).toContain(`Seite 1 von ${lastPage}`);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => pager.textContent()).toContain(`Seite 2 von ${lastPage}`);
    await page.getByTestId('sort-price').click();
    await expect.poll(() => pager.textContent()).toContain(`Seite 1 von ${lastPage}`);
    await expect.poll(() => shownIds(page)).toEqual(firstPage);
    // … and a region, and going back to 'Alle Regionen'.
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => pager.textContent()).toContain(`Seite 2 von ${lastPage}`);
    await page.getByTestId('filter-region').selectOption({ label: 'Oberland' });
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.getByTestId('filter-region').selectOption({ label: 'Alle Regionen' });
    await expect.poll(() => pager.textContent()).toContain(`Seite 1 von ${lastPage}`);
    await expect.poll(() => shownIds(page)).toEqual(firstPage);
    await page.context().close();
  });

  it('opens a category page from the home shortcut (kurzurlaub is Genuss) and answers 404 for unknown ones', async () => {
    const page = await newPage(1280);
    await waitForAnnouncementGone(page);
    await acceptCookies(page);
    await page.getByTestId('category-slider').getByRole('link').first().waitFor();
    await page.getByTestId('category-slider').scrollIntoViewIfNeeded();
    await saveViewport(page, 'search-home-slider-desktop');
    await page.getByTestId('category-shortcuts').getByRole('link', { name: 'Genuss' }).click();
    await page.waitForURL(/\/vouchers\/category\/kurzurlaub$/);
    expect(await page.getByTestId('category-title').textContent()).toBe('Genuss');
    const genuss = await apiSearch({ isCategory: 'genuss', paginate: 9 });
    await expect.poll(() => shownIds(page)).toEqual(genuss.ids);
    expect(await page.getByTestId('filter-category').count()).toBe(0);
    await expectAccessible(page, 'category');
    await saveScreenshot(page, 'search-category-desktop');

    await page.goto(at('/vouchers/category/gibt-es-nicht'));
    await page.getByTestId('not-found-page').waitFor();
    await page.context().close();
  });

  it('shows the seller modal from a card and the public seller page', async () => {
    const page = await newPage(1280, '/vouchers/search');
    await acceptCookies(page);
    const card = page.getByTestId('search-results').locator('[data-voucher-id="v-alpenspa-day-spa"]');
    const total = (await apiSearch({ paginate: 100 })).ids;
    const index = total.indexOf('v-alpenspa-day-spa');
    if (index >= 9) await page.goto(at('/vouchers/search?keyword=Day%20Spa'));
    await card.getByRole('button', { name: /Verkäufer/ }).click();
    const modal = page.getByTestId('seller-modal');
    await modal.getByTestId('seller-info').waitFor();
    expect(await modal.getByRole('heading', { level: 2 }).first().textContent()).toBe('Alpen Spa & Wellness');
    expect(await modal.getByTestId('seller-address').textContent()).toContain('Imst');
    await modal.getByTestId('seller-voucher-list').getByTestId('voucher-card').first().waitFor();
    expect(new URL(page.url()).searchParams.get('seller')).toBe('seller-alpenspa');
    await saveScreenshot(page, 'search-seller-modal-desktop');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    await page.goto(at('/seller/seller-alpenspa'));
    await page.getByTestId('seller-page').waitFor();
    await page.getByTestId('seller-voucher-list').getByTestId('voucher-card').first().waitFor();
    const listed = (await apiSearch({ seller_id: 'seller-alpenspa', paginate: 9 })).ids;
    await expect.poll(() => shownIds(page, 'seller-voucher-list')).toEqual(listed);
    expect(listed).not.toContain('v-alpenspa-team');
    await expectAccessible(page, 'seller page');
    await saveScreenshot(page, 'search-seller-page-desktop');
    await page.goto(at('/seller/user-anna'));
    await page.getByTestId('not-found-page').waitFor();
    await page.context().close();
  });
});

describe('the guest home', () => {
  it("shows 'Unsere Lieblinge' nine to a page in full rows of three", async () => {
    const page = await newPage(1280);
    const list = page.getByTestId('favourites-list');
    await list.getByTestId('voucher-card').first().waitFor();
    expect(await list.getByTestId('voucher-card').count()).toBe(9);
    const columns = await list.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    // Every row is full: the last card sits in the last column.
    const lefts = await list
      .locator(':scope > li')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(3);
    expect(lefts.at(-1)).toBe(Math.max(...lefts));
    await page.context().close();
  });
});

describe('on a phone', () => {
  it('filters in a drawer and loads more results when scrolled to the bottom', async () => {
    const page = await newPage(390, '/vouchers/search');
    await acceptCookies(page);
    const all = await apiSearch({ paginate: 9 });
    expect(all.total).toBeGreaterThan(18);
    await expect.poll(() => shownIds(page)).toEqual(all.ids);
    expect(await page.getByTestId('pagination').count()).toBe(0);
    await saveViewport(page, 'search-mobile');

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await shownIds(page)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(18);
    // Keep scrolling to the bottom until everything is there: each load appends the next page, so in the end
    // the list is the whole result, in order, once. (How many pages one scroll loads depends on timing.)
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return (await shownIds(page)).length;
        },
        { timeout: 30_000 },
      )
      .toBe(all.total);
    const everything = [];
    for (let p = 1; p <= Math.ceil(all.total / 9); p++)
      everything.push(...(await apiSearch({ paginate: 9, page: p })).ids);
    expect(await shownIds(page)).toEqual(everything);

    await page.getByTestId('open-filters').click();
    const drawer = page.getByTestId('filter-drawer');
    await drawer.getByTestId('filter-region').selectOption({ label: 'Unterland' });
    await saveViewport(page, 'search-mobile-filters');
    await drawer.getByTestId('apply-filters').click();
    await drawer.waitFor({ state: 'detached' });
    const unterland = await apiSearch({ isRegion: 3, paginate: 9 });
    await expect.poll(() => shownIds(page)).toEqual(unterland.ids);
    await expect.poll(() => page.getByTestId('open-filters').textContent()).toContain('(1)');

    await page.getByTestId('search-results').getByTestId('voucher-card').first().getByRole('link').click();
    await page.getByTestId('voucher-modal').getByTestId('purchase-panel').waitFor();
    await saveViewport(page, 'search-detail-modal-mobile');
    await page.getByTestId('voucher-modal').getByTestId('modal-close').click();
    await page.getByTestId('voucher-modal').waitFor({ state: 'detached' });

    await page.goto(at('/seller/seller-alpenspa'));
    await page.getByTestId('seller-voucher-list').getByTestId('voucher-card').first().waitFor();
    await saveViewport(page, 'search-seller-page-mobile');
    await page.context().close();
  });

  it('shows the category page and a campaign page', async () => {
    const page = await newPage(390, '/vouchers/category/wellness');
    await acceptCookies(page);
    await page.getByTestId('search-results').getByTestId('voucher-card').first().waitFor();
    await saveViewport(page, 'search-category-mobile');
    await page.goto(at('/vatertag'));
    await page.getByTestId('voucher-carousel').first().getByTestId('voucher-card').first().waitFor();
    await saveViewport(page, 'campaign-vatertag-mobile');
    await page.context().close();
  });
});

describe('campaign pages and /wp', () => {
  it('shows the Father’s Day carousels of 8, 7 and 11 vouchers and an autoplaying slider', async () => {
    const page = await newPage(1280, '/vatertag');
    await acceptCookies(page);
    const carousels = page.getByTestId('voucher-carousel');
    await carousels.nth(2).getByTestId('voucher-card').first().waitFor();
    const counts = await carousels.evaluateAll((sections) =>
      sections.map((s) => s.querySelectorAll('[data-testid="voucher-card"]').length),
    );
    expect(counts).toEqual([8, 7, 11]);
    const slider = page.getByTestId('image-slider');
    expect(await slider.getAttribute('data-running')).toBe('true');
    const current = () => slider.locator('.image-slider__slide.is-current').getAttribute('aria-label');
    const before = await current();
    await expect.poll(current, { timeout: 5000 }).not.toBe(before);
    await page.getByTestId('explainer').waitFor();
    expect(await page.getByTestId('campaign-search-link').getAttribute('href')).toMatch(/^\/vouchers\/search/);
    await page.mouse.move(10, 10);
    await saveScreenshot(page, 'campaign-vatertag-desktop');
    for (const slug of ['ostern', 'liebe', 'muttertag']) {
      await page.goto(at(`/${slug}`));
      await page.getByTestId(`campaign-${slug}`).getByTestId('voucher-card').first().waitFor();
    }
    await saveScreenshot(page, 'campaign-muttertag-desktop');
    await page.context().close();
  });

  it('embeds the vouchers named in ?vouchers= without the shop frame', async () => {
    const page = await newPage(1280, '/wp?vouchers=v-genuss-menue,v-berg-wert,gibt-es-nicht');
    await page.getByTestId('embed-list').waitFor();
    expect(await shownIds(page, 'embed-list')).toEqual(['v-genuss-menue', 'v-berg-wert']);
    expect(await page.locator('header.site-header, footer.site-footer, .cookie-notice').count()).toBe(0);
    expect(await page.getByTestId('embed-list').getByRole('link').first().getAttribute('target')).toBe('_blank');
    await saveScreenshot(page, 'embed-wp');
    await page.context().close();
  });
});
