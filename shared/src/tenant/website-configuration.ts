import * as z from 'zod/mini';
import { preprocess } from '../validation/fields.ts';
import { SELLER_TEXT, WEB_ADDRESS } from '../auth/seller-registration.ts';
import { uploadIdField } from '../uploads/contracts.ts';
import { optionalString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { WEBSITE_ICONS, WEBSITE_LIMITS, WEBSITE_TEXT, WEBSITE_TEXT_COLOURS } from './website-defaults.ts';

export * from './website-defaults.ts';

/**
 * The seller's voucher website (02 §2 "Voucher website: /website-configuration ('Gutschein Webseite')",
 * 02 §3 "Company", 03 §9): logo and cover, Titel 1 and 2, company colour, font colour black or white,
 * the header switch, the imprint link and three texts with three icons. The tenant landing page shows
 * exactly these, with the defaults below where the seller has set nothing.
 */

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Empty form fields arrive as ''; stored as null. */
const optionalText = (max: number) =>
  z.pipe(
    optionalString(max),
    z.transform((v) => (v ? v : null)),
  );

const iconField = () =>
  preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.nullable(z.enum(WEBSITE_ICONS, { error: WEBSITE_TEXT.iconInvalid })),
  );

/** The imprint link: a web address (https:// added when missing) or empty. */
const linkField = () =>
  preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.nullable(
      z
        .pipe(
          z
            .string({ error: MSG.required })
            .check(z.trim(), z.maxLength(WEBSITE_LIMITS.link, { error: MSG.max(WEBSITE_LIMITS.link) })),
          z.transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`)),
        )
        .check(z.refine((v) => WEB_ADDRESS.test(v), { error: SELLER_TEXT.urlInvalid })),
    ),
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
  background_color: z.pipe(
    z.string({ error: MSG.required }).check(z.trim(), z.regex(HEX_COLOUR, { error: WEBSITE_TEXT.colourInvalid })),
    z.transform((v) => v.toLowerCase()),
  ),
  text_color: z.enum(WEBSITE_TEXT_COLOURS, { error: WEBSITE_TEXT.textColourInvalid }),
  is_header_show: z.boolean({ error: MSG.required }),
  link: linkField(),
  text_1: optionalText(WEBSITE_LIMITS.text),
  text_2: optionalText(WEBSITE_LIMITS.text),
  text_3: optionalText(WEBSITE_LIMITS.text),
  icon_1: iconField(),
  icon_2: iconField(),
  icon_3: iconField(),
  logo_upload_id: z.optional(uploadIdField()),
  header_logo_upload_id: z.optional(uploadIdField()),
});
export type WebsiteConfigurationInput = z.input<typeof websiteConfigurationSchema>;
export type WebsiteConfigurationSave = z.output<typeof websiteConfigurationSchema>;

/** The stored website fields of a company (all nullable: older companies have none of them). */
export const websiteFieldsSchema = z.object({
  logo: z.nullable(z.string()),
  header_logo: z.nullable(z.string()),
  header_1: z.nullable(z.string()),
  header_2: z.nullable(z.string()),
  background_color: z.nullable(z.string()),
  text_color: z.nullable(z.string()),
  is_header_show: z.boolean(),
  link: z.nullable(z.string()),
  text_1: z.nullable(z.string()),
  text_2: z.nullable(z.string()),
  text_3: z.nullable(z.string()),
  icon_1: z.nullable(z.string()),
  icon_2: z.nullable(z.string()),
  icon_3: z.nullable(z.string()),
});
export type WebsiteFields = z.infer<typeof websiteFieldsSchema>;

/** GET user/website-configuration (and the save's answer): the seller's subdomain and the stored fields. */
export const websiteConfigurationResponseSchema = z.object({
  message: z.optional(z.string()),
  data: z.object({
    subdomain: z.nullable(z.string()),
    company: z.nullable(z.extend(websiteFieldsSchema, { name: z.string(), updated_at: z.string() })),
  }),
});
export type WebsiteConfiguration = z.infer<typeof websiteConfigurationResponseSchema>['data'];
