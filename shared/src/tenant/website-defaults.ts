/**
 * The voucher website's constants without zod (02 §2, 02 §3 "Company", 03 §9), so the tenant shop's
 * header and landing page can use them without loading the form contract
 * (website-configuration.ts re-exports everything here).
 */
import { TENANT_SITE_DEFAULTS } from './tenant-site-defaults.ts';

/** The icon library of the web (web/src/components/ui/icons.tsx): the names a seller may choose. */
export const WEBSITE_ICONS = [
  'search',
  'spark',
  'gift',
  'heart',
  'cart',
  'wallet',
  'qr',
  'calendar',
  'clock',
  'map-pin',
  'info',
  'check-circle',
  'user',
  'store',
  'wellness',
  'adventure',
  'genuss',
  'fitness',
  'tiere',
  'kurse',
] as const;
export type WebsiteIcon = (typeof WEBSITE_ICONS)[number];

export const WEBSITE_ICON_LABELS: Record<WebsiteIcon, string> = {
  search: 'Lupe',
  spark: 'Stern',
  gift: 'Geschenk',
  heart: 'Herz',
  cart: 'Warenkorb',
  wallet: 'Geldbörse',
  qr: 'QR-Code',
  calendar: 'Kalender',
  clock: 'Uhr',
  'map-pin': 'Ort',
  info: 'Info',
  'check-circle': 'Häkchen',
  user: 'Person',
  store: 'Geschäft',
  wellness: 'Wellness',
  adventure: 'Abenteuer',
  genuss: 'Genuss',
  fitness: 'Fitness',
  tiere: 'Tiere',
  kurse: 'Kurse',
};

export const isWebsiteIcon = (value: unknown): value is WebsiteIcon =>
  typeof value === 'string' && (WEBSITE_ICONS as readonly string[]).includes(value);

/** Font colour: black or white (02 §2); the tenant site's default is white (03 §3). */
export const WEBSITE_TEXT_COLOURS = ['#000', '#fff'] as const;
export type WebsiteTextColour = (typeof WEBSITE_TEXT_COLOURS)[number];

export const WEBSITE_LIMITS = { header_1: 60, header_2: 120, text: 60, link: 255 } as const;

/** Crops (02 §5, §9): logo 250 × 100, cover 1920 × 1080 shown as a 384 × 216 preview, JPEG quality 1. */
export const WEBSITE_CROPS = {
  logo: { output: { width: 250, height: 100 }, viewport: { width: 250, height: 100 }, quality: 1 },
  cover: { output: { width: 1920, height: 1080 }, viewport: { width: 384, height: 216 }, quality: 1 },
} as const;

export const WEBSITE_DEFAULTS = {
  /** 03 §9: the tenant site without a company colour. */
  siteBackground: TENANT_SITE_DEFAULTS.background,
  /** 02 §3 / 03 §3: what the seller's web-page form starts with. */
  formBackground: '#ff5563',
  text: TENANT_SITE_DEFAULTS.text as WebsiteTextColour,
  /** Titel 2 when the seller has none (Titel 1 falls back to the company name). */
  header_2: TENANT_SITE_DEFAULTS.header_2,
  /** 01 §2 "Seller landing page": the three numbered steps' defaults. */
  texts: ['Gutschein wählen', 'Gutschein personalisieren', 'Als Geschenk versenden'],
  icons: ['search', 'spark', 'gift'] as WebsiteIcon[],
} as const;

export const WEBSITE_TEXT = {
  title: 'Gutschein Webseite',
  saved: 'Deine Gutschein Webseite wurde gespeichert.',
  noSubdomain:
    'Du hast noch keine eigene Gutschein Webseite. Kontaktiere uns, wenn du einen individuellen Webshop unter deiner eigenen Subdomain möchtest.',
  contact: 'Kontakt aufnehmen',
  noCompany: 'Bitte lege zuerst im Profil dein Unternehmen an.',
  changedMeanwhile: 'Die Webseite wurde inzwischen geändert. Bitte lade die Seite neu und versuche es erneut.',
  colourInvalid: 'Bitte wähle eine gültige Farbe (z. B. #1D4F55).',
  iconInvalid: 'Bitte wähle ein Icon aus der Liste.',
  textColourInvalid: 'Bitte wähle Schwarz oder Weiß.',
  copy: 'Link kopieren',
  copied: 'Kopiert!',
} as const;

/** The three steps of the landing page: the seller's texts and icons, each falling back to its default. */
export function websiteSteps(
  company: Partial<Record<`text_${1 | 2 | 3}` | `icon_${1 | 2 | 3}`, string | null>> | null | undefined,
): { text: string; icon: WebsiteIcon }[] {
  const texts = [company?.text_1, company?.text_2, company?.text_3];
  const icons = [company?.icon_1, company?.icon_2, company?.icon_3];
  return [0, 1, 2].map((i) => {
    const icon = icons[i];
    return {
      text: texts[i]?.trim() || WEBSITE_DEFAULTS.texts[i]!,
      icon: isWebsiteIcon(icon) ? icon : WEBSITE_DEFAULTS.icons[i]!,
    };
  });
}
