/** Fixed reference data of the spec (01 §3, 02 §3, 02 §9). */
export const REGIONS = [
  { id: 1, label: 'Oberland' },
  { id: 2, label: 'Innsbruck und Umgebung' },
  { id: 3, label: 'Unterland' },
  { id: 4, label: 'Außerfern' },
] as const;
export const REGION_IDS = /* @__PURE__ */ REGIONS.map((r) => r.id);

export function regionLabel(id: number | null | undefined): string | null {
  return REGIONS.find((r) => r.id === id)?.label ?? null;
}

export const TARGET_GROUPS = ['Paare', 'Freunde', 'Kinder', 'Frauen', 'Männer', 'Senioren', 'Alle'] as const;
export const SEASONS = ['Sommer', 'Winter', 'Schönwetter', 'Schlechtwetter', 'Immer'] as const;
export const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'Feiertag'] as const;
export const DISPLAY_OPTIONS = ['all', 'marketplace', 'direktverkauf'] as const;
export const TAX_RATES = [0, 5, 10, 13, 20] as const;
export const VALIDITY_YEARS = [4, 5, 6, 7, 8, 9, 10] as const;
export const DEFAULT_VALIDITY_YEARS = 4;

/** Home page category shortcuts (01 §9): route slug → category slug. */
export const CATEGORY_SHORTCUTS = [
  { slug: 'wellness', label: 'Wellness' },
  { slug: 'adventure', label: 'Adventure' },
  { slug: 'kurzurlaub', label: 'Genuss', category: 'genuss' },
  { slug: 'fitness', label: 'Fitness' },
  { slug: 'tiere', label: 'Tiere' },
  { slug: 'kurse', label: 'Kurse' },
] as const;

/**
 * Sellers whose cards hide the region line (01 §2, 02 §9: seller id 704). Our ids are strings, so
 * the original numeric id is kept as text; an operator adds the id of the seller it applies to.
 */
export const SELLERS_WITHOUT_REGION_ON_CARDS: readonly string[] = ['704'];

export function showsRegionOnCards(sellerId: string): boolean {
  return !SELLERS_WITHOUT_REGION_ON_CARDS.includes(sellerId);
}

/** Category page slug: lower-cased name, spaces turned into hyphens (01 §2). */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

export const PAGE_SIZE = {
  generic: 15,
  newest: 10,
  home: 9,
  search: 9,
  wallet: 9,
  orders: 9,
  seller: 9,
  admin: 10,
} as const;
