import { voucherSchema } from '@gm/shared/catalogue/contracts';
import {
  CATEGORY_SHORTCUTS,
  DISPLAY_OPTIONS,
  REGIONS,
  SEASONS,
  TARGET_GROUPS,
  TAX_RATES,
  VALIDITY_YEARS,
  WEEKDAYS,
} from '@gm/shared/catalogue/reference-data';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { mediaUrl } from '../../functions/src/adapters/media-storage.ts';
import { imageKind } from '../../functions/src/services/wallet/voucher-pdf.ts';
import { settingsSchema } from '@gm/shared/settings/contracts';
import {
  DEMO_GLOBAL_SETTINGS,
  DEMO_PASSWORD,
  buildCategories,
  buildCompanies,
  buildTemplates,
  buildUsers,
  buildVouchers,
  demoLogins,
  demoMediaFiles,
} from './demo-data.ts';
import { DEMO_IMAGE_SOURCES, drawingHash, readDemoImage } from './demo-images.ts';
import { templateSchema } from '@gm/shared/templates/contracts';

const now = new Date('2025-06-15T10:00:00.000Z');
const vouchers = buildVouchers(now, mediaUrl);
const users = buildUsers(now);
const companies = buildCompanies(now, mediaUrl);
const tree = buildCategories(mediaUrl);
const media = demoMediaFiles();
const listed = vouchers.filter((v) => v.is_active && v.display !== 'direktverkauf');

/** Tags that close out of order or stay open; attribute values never contain '>' here. */
function nestingErrors(svg: string): string[] {
  const stack: string[] = [];
  const errors: string[] = [];
  for (const [, closing, name, , selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) errors.push(`unexpected </${name}>`);
  }
  return [...errors, ...stack.map((name) => `unclosed <${name}>`)];
}

const unique = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size === values.length;

describe('demo vouchers', () => {
  it('all parse with the shared voucher contract and keep the builder limits (02 §5)', () => {
    for (const v of vouchers) {
      expect(() => voucherSchema.parse(v), v.id).not.toThrow();
      expect(v.title.length, v.id).toBeLessThanOrEqual(30);
      expect(v.description.length, v.id).toBeLessThanOrEqual(120);
      expect(v.long_description.length, v.id).toBeLessThanOrEqual(500);
      expect(v.title && v.description && v.long_description, v.id).toBeTruthy();
    }
  });

  it('has enough listed vouchers of both types and enough favourites for the home page', () => {
    expect(listed.length).toBeGreaterThanOrEqual(24);
    expect(listed.some((v) => v.type === 'quantity')).toBe(true);
    expect(listed.some((v) => v.type === 'value')).toBe(true);
    expect(listed.filter((v) => v.is_featured).length).toBeGreaterThanOrEqual(9);
    expect(vouchers.filter((v) => v.display === 'direktverkauf')).toHaveLength(1);
    expect(vouchers.some((v) => v.display === 'marketplace')).toBe(true);
  });

  it('keeps money in integer cents with consistent price fields per type', () => {
    for (const v of vouchers) {
      if (v.type === 'quantity') {
        expect(v.qty_val, v.id).toBeGreaterThan(0);
        expect(v.price_filter, v.id).toBe(v.qty_val);
        expect(v.qty_min, v.id).toBe(1);
        expect(v.qty_max!, v.id).toBeGreaterThanOrEqual(1);
        expect([v.val_min, v.val_max], v.id).toEqual([null, null]);
      } else {
        expect(v.qty_val, v.id).toBeNull();
        expect(v.val_min!, v.id).toBeGreaterThan(0);
        expect(v.val_max!, v.id).toBeGreaterThan(v.val_min!);
        expect(v.price_filter, v.id).toBe(v.val_min);
      }
      if (v.tax !== 'unsure') {
        for (const entry of v.tax) expect(TAX_RATES as readonly number[], v.id).toContain(entry.tax);
        if (v.type === 'quantity')
          expect(
            v.tax.reduce((sum, t) => sum + t.value, 0),
            v.id,
          ).toBe(v.qty_val);
      }
    }
  });

  it('uses only reference values for categories, targets, seasons, days, months and validity', () => {
    const subs = new Map(tree.subcategories.map((s) => [s.id, s.category_id]));
    for (const v of vouchers) {
      expect(
        tree.categories.map((c) => c.id),
        v.id,
      ).toContain(v.voucher_category_id);
      expect(subs.get(v.subcategory_id!), v.id).toBe(v.voucher_category_id);
      expect(TARGET_GROUPS as readonly string[], v.id).toContain(v.target);
      expect(SEASONS as readonly string[], v.id).toContain(v.season);
      expect(DISPLAY_OPTIONS as readonly string[], v.id).toContain(v.display);
      for (const day of v.valid_day) expect(WEEKDAYS as readonly string[], v.id).toContain(day);
      expect(v.months.length, v.id).toBeGreaterThan(0);
      expect(VALIDITY_YEARS as readonly number[], v.id).toContain(v.expiry_date);
      expect(Date.parse(v.created_at), v.id).toBeLessThan(now.getTime());
      const restricted = v.valid_day.length < WEEKDAYS.length || v.months.length < 12;
      if (restricted) expect(v.validity_reason, v.id).toBeTruthy();
    }
    expect(new Set(vouchers.map((v) => v.seller_id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(listed.map((v) => v.voucher_category_id)).size).toBe(6);
    expect(new Set(vouchers.map((v) => v.sold_count)).size).toBeGreaterThan(vouchers.length / 2);
  });

  it('embeds the seller with its company and region label', () => {
    for (const v of vouchers) {
      const company = companies.find((c) => c.seller_id === v.seller_id);
      const seller = users.find((u) => u.id === v.seller_id);
      expect(seller?.role, v.id).toBe('seller');
      expect(v.seller).toEqual({
        id: seller!.id,
        username: seller!.username,
        company: {
          name: company!.name,
          logo: company!.logo,
          region: REGIONS.find((r) => r.id === company!.region_id)!.label,
          url: company!.url,
        },
      });
      expect(v.region_id).toBe(company!.region_id);
    }
  });

  it('is stable: the same ids and content for the same clock', () => {
    expect(buildVouchers(now, mediaUrl)).toEqual(vouchers);
    expect(demoMediaFiles()).toEqual(media);
    for (const v of vouchers) expect(v.id).toMatch(/^v-[a-z0-9-]+$/);
  });
});

describe('demo accounts and companies', () => {
  it('has unique ids, usernames, e-mails and subdomains', () => {
    expect(unique(users.map((u) => u.id))).toBe(true);
    expect(unique(users.map((u) => u.username))).toBe(true);
    expect(unique(users.map((u) => u.email))).toBe(true);
    const subdomains = users.flatMap((u) => (u.subdomain ? [u.subdomain] : []));
    expect(unique(subdomains)).toBe(true);
    for (const s of subdomains) expect(s).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
    expect(unique(vouchers.map((v) => v.id))).toBe(true);
    expect(unique(companies.map((c) => c.id))).toBe(true);
  });

  it('offers the four documented logins with the demo password', () => {
    const logins = demoLogins();
    for (const [email, role] of [
      ['admin@example.com', 'admin'],
      ['seller@example.com', 'seller'],
      ['buyer@example.com', 'user'],
      ['scanner@example.com', 'scanner'],
    ]) {
      expect(logins).toContainEqual({ email, password: DEMO_PASSWORD, role });
    }
    expect(users.find((u) => u.email === 'admin@example.com')?.username).toBe('admin');
    expect(users.find((u) => u.email === 'buyer@example.com')).toMatchObject({
      username: 'anna.buyer',
      first_name: 'Anna',
      last_name: 'Muster',
    });
    const seller = users.find((u) => u.email === 'seller@example.com')!;
    expect(seller).toMatchObject({
      id: 'seller-alpenspa',
      username: 'alpenspa',
      subdomain: 'alpenspa',
      region_id: 1,
      is_activated: true,
    });
    expect(companies.find((c) => c.seller_id === seller.id)?.name).toBe('Alpen Spa & Wellness');
    expect(users.find((u) => u.email === 'scanner@example.com')?.seller_id).toBe(seller.id);
    // The password policy of the pool and of the spec (8–16 characters).
    expect(DEMO_PASSWORD).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,16}$/);
  });

  it('has a company with logo for every seller, covering all four regions', () => {
    const sellers = users.filter((u) => u.role === 'seller');
    expect(sellers.length).toBeGreaterThanOrEqual(4);
    for (const s of sellers) {
      const company = companies.find((c) => c.seller_id === s.id);
      expect(company?.logo, s.id).toBe(mediaUrl(`companies/${s.id}/logo.png`));
      expect(company?.region_id, s.id).toBe(s.region_id);
      expect(company?.description?.length ?? 0, s.id).toBeLessThanOrEqual(800);
    }
    expect(new Set(companies.map((c) => c.region_id))).toEqual(new Set(REGIONS.map((r) => r.id)));
  });
});

describe('demo categories', () => {
  it('has the six categories of the home shortcuts, each with 3–4 subcategories and a logo', () => {
    expect(tree.categories.map((c) => c.slug).sort()).toEqual(
      CATEGORY_SHORTCUTS.map((s) => ('category' in s ? s.category : s.slug)).sort(),
    );
    for (const c of tree.categories) {
      const subs = tree.subcategories.filter((s) => s.category_id === c.id);
      expect(subs.length, c.id).toBeGreaterThanOrEqual(3);
      expect(subs.length, c.id).toBeLessThanOrEqual(4);
      expect(c.icon, c.id).toMatch(/^[a-z-]+$/);
      expect(c.logo, c.id).toBe(mediaUrl(`categories/${c.id}/logo.png`));
    }
  });
});

describe('demo images', () => {
  const keys = new Set(media.map((m) => m.key));

  it('provides every image the records reference', () => {
    const referenced = [
      ...tree.categories.map((c) => c.logo),
      ...companies.flatMap((c) => [c.logo, c.header_logo]),
      ...vouchers.flatMap((v) => [v.background_image, v.image_1, v.image_2, v.image_3]),
    ].filter((url): url is string => url !== null);
    for (const url of referenced) expect(keys.has(url.replace(/^\/media\//, '')), url).toBe(true);
    expect(vouchers.filter((v) => v.image_1).length).toBeGreaterThanOrEqual(2);
    expect(vouchers.every((v) => v.background_image === mediaUrl(`vouchers/${v.id}/background.jpg`))).toBe(true);
  });

  it('are drawn as well-formed-looking SVG documents with the expected aspect', () => {
    for (const { key, svg } of media) {
      expect(svg.startsWith('<svg'), key).toBe(true);
      expect(svg.endsWith('</svg>'), key).toBe(true);
      expect(svg, key).toMatch(/viewBox="0 0 \d+ \d+"/);
      expect(svg, key).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg, key).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
      expect(svg, key).not.toMatch(/NaN|undefined/);
      expect(nestingErrors(svg), key).toEqual([]);
    }
    const viewBox = (key: string) => media.find((m) => m.key === key)?.svg.match(/viewBox="([^"]+)"/)?.[1];
    expect(viewBox('companies/seller-alpenspa/logo.png')).toBe('0 0 250 100');
    expect(viewBox('vouchers/v-alpenspa-day-spa/background.jpg')).toBe('0 0 730 676');
  });

  it('are committed as JPEG/PNG rendered from the current drawings, at their size, small enough for the repo', async () => {
    const sources = JSON.parse(await readFile(DEMO_IMAGE_SOURCES, 'utf8')) as Record<string, string>;
    expect(Object.keys(sources).sort()).toEqual([...keys].sort());
    let total = 0;
    for (const { key, svg, contentType } of media) {
      // A drawing changed without `npm run demo-images`: the committed image is stale.
      expect(sources[key], `${key}: run npm run demo-images`).toBe(drawingHash(svg));
      const bytes = await readDemoImage(key);
      expect(imageKind(bytes), key).toBe(contentType === 'image/png' ? 'png' : 'jpg');
      expect(contentType, key).toBe(key.endsWith('.png') ? 'image/png' : 'image/jpeg');
      const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.map(Number);
      expect(rasterSize(bytes), key).toEqual({ width, height });
      expect(bytes.byteLength, key).toBeLessThanOrEqual(60 * 1024);
      total += bytes.byteLength;
    }
    expect(total).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  });
});

/** Width and height from a PNG's IHDR or a JPEG's first SOF segment. */
function rasterSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (imageKind(bytes) === 'png') return { width: view.getUint32(16), height: view.getUint32(20) };
  let pos = 2;
  while (pos + 9 < bytes.length) {
    const marker = view.getUint16(pos);
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker))
      return { width: view.getUint16(pos + 7), height: view.getUint16(pos + 5) };
    pos += 2 + view.getUint16(pos + 2);
  }
  return undefined;
}

describe('demo settings', () => {
  it('are valid global settings, and every demo voucher costs at least their minimum voucher value', () => {
    expect(settingsSchema.parse(DEMO_GLOBAL_SETTINGS)).toEqual(DEMO_GLOBAL_SETTINGS);
    for (const v of vouchers)
      expect(v.price_filter, v.id).toBeGreaterThanOrEqual(DEMO_GLOBAL_SETTINGS.minimum_voucher_value);
  });
});

describe('demo templates', () => {
  it('are four active templates with distinct names, newest first, whose generated images exist', () => {
    const templates = buildTemplates(now, mediaUrl);
    expect(templates).toHaveLength(4);
    for (const t of templates) expect(() => templateSchema.parse(t), t.id).not.toThrow();
    expect(new Set(templates.map((t) => t.name)).size).toBe(4);
    expect(templates.every((t) => t.status)).toBe(true);
    expect([...templates].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((t) => t.id)).toEqual(
      templates.map((t) => t.id),
    );
    const keys = new Set(media.map((m) => m.key));
    for (const t of templates) expect(keys.has(t.image.replace(/^\/media\//, '')), t.image).toBe(true);
  });
});
