import * as z from 'zod';
import { SELLER_TEXT, WEB_ADDRESS } from '../auth/seller-registration.ts';
import { uploadIdField } from '../uploads/contracts.ts';
import { optionalString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * The seller's voucher website (02 §2 "Voucher website: /website-configuration ('Gutschein Webseite')",
 * 02 §3 "Company", 03 §9): logo and cover, Titel 1 and 2, company colour, font colour black or white,
 * the header switch, the imprint link and three texts with three icons. The tenant landing page shows
 * exactly these, with the defaults below where the seller has set nothing.
 */

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
  siteBackground: '#1D4F55',
  /** 02 §3 / 03 §3: what the seller's web-page form starts with. */
  formBackground: '#ff5563',
  text: '#fff' as WebsiteTextColour,
  /** Titel 2 when the seller has none (Titel 1 falls back to the company name). */
  header_2: 'Gutscheine online kaufen und verschenken',
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

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Empty form fields arrive as ''; stored as null. */
const optionalText = (max: number) => optionalString(max).transform((v) => (v ? v : null));

const iconField = () =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(WEBSITE_ICONS, { error: WEBSITE_TEXT.iconInvalid }).nullable(),
  );

/** The imprint link: a web address (https:// added when missing) or empty. */
const linkField = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: MSG.required })
      .trim()
      .max(WEBSITE_LIMITS.link, { error: MSG.max(WEBSITE_LIMITS.link) })
      .transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`))
      .refine((v) => WEB_ADDRESS.test(v), { error: SELLER_TEXT.urlInvalid })
      .nullable(),
  );

/**
 * PUT user/website-configuration: the whole form. Images are upload ids from `POST upload/image`
 * (purposes company-logo and company-cover); without one the stored image stays.
 * `is_header_show` (the spec's field) is true when the hero with cover and titles shows; the form's
 * switch 'Header ausblenden' is its negation.
 */
export const websiteConfigurationSchema = z.object({
  header_1: optionalText(WEBSITE_LIMITS.header_1),
  header_2: optionalText(WEBSITE_LIMITS.header_2),
  background_color: z
    .string({ error: MSG.required })
    .trim()
    .regex(HEX_COLOUR, { error: WEBSITE_TEXT.colourInvalid })
    .transform((v) => v.toLowerCase()),
  text_color: z.enum(WEBSITE_TEXT_COLOURS, { error: WEBSITE_TEXT.textColourInvalid }),
  is_header_show: z.boolean({ error: MSG.required }),
  link: linkField(),
  text_1: optionalText(WEBSITE_LIMITS.text),
  text_2: optionalText(WEBSITE_LIMITS.text),
  text_3: optionalText(WEBSITE_LIMITS.text),
  icon_1: iconField(),
  icon_2: iconField(),
  icon_3: iconField(),
  logo_upload_id: uploadIdField().optional(),
  header_logo_upload_id: uploadIdField().optional(),
});
export type WebsiteConfigurationInput = z.input<typeof websiteConfigurationSchema>;
export type WebsiteConfigurationSave = z.output<typeof websiteConfigurationSchema>;

/** The stored website fields of a company (all nullable: older companies have none of them). */
export const websiteFieldsSchema = z.object({
  logo: z.string().nullable(),
  header_logo: z.string().nullable(),
  header_1: z.string().nullable(),
  header_2: z.string().nullable(),
  background_color: z.string().nullable(),
  text_color: z.string().nullable(),
  is_header_show: z.boolean(),
  link: z.string().nullable(),
  text_1: z.string().nullable(),
  text_2: z.string().nullable(),
  text_3: z.string().nullable(),
  icon_1: z.string().nullable(),
  icon_2: z.string().nullable(),
  icon_3: z.string().nullable(),
});
export type WebsiteFields = z.infer<typeof websiteFieldsSchema>;

/** GET user/website-configuration (and the save's answer): the seller's subdomain and the stored fields. */
export const websiteConfigurationResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({
    subdomain: z.string().nullable(),
    company: websiteFieldsSchema.extend({ name: z.string(), updated_at: z.string() }).nullable(),
  }),
});
export type WebsiteConfiguration = z.infer<typeof websiteConfigurationResponseSchema>['data'];

/** The three steps of the landing page: the seller's texts and icons, each falling back to its default. */
export function websiteSteps(
  company:
    Partial<Pick<WebsiteFields, 'text_1' | 'text_2' | 'text_3' | 'icon_1' | 'icon_2' | 'icon_3'>> | null | undefined,
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
