import * as z from 'zod/mini';
import { uploadIdField } from '../uploads/contracts.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Personalising a bought voucher (01 §2 "Personalise", §3 "Personalisation form", §5, §7
 * `POST user-voucher/{id}`, `upload-custom-image/{id}`, `upload-template/{id}`). The buyer-designed
 * variant (shared/src/wallet/buyer-voucher.ts) reuses the design part without 'Preis verstecken'.
 */

/** Personal message on a personalised voucher: at most 120 characters (01 §5, §9). */
export const NOTE_MAX = 120;

/** Crop of the own photo (01 §5): viewport 328 × 305, output 730 × 676.34 JPEG at quality 0.7. */
export const PERSONALISE_CROP = {
  output: { width: 730, height: 676.34 },
  viewport: { width: 328, height: 305 },
  quality: 0.7,
} as const;

export const PERSONALISE_TEXT = {
  /** 01 §8 "Personalise save fails"; the page reloads on confirm. */
  saveFailed: 'Etwas ist schief gelaufen. Bitte lade die Seite erneut!',
  /** Another tab or device saved first (optimistic `version`). */
  stale: 'Der Gutschein wurde inzwischen geändert. Bitte lade die Seite erneut!',
  notFound: 'Gutschein nicht gefunden.',
  notActive: 'Dieser Gutschein kann nicht mehr personalisiert werden.',
  templateMissing: 'Diese Vorlage gibt es nicht mehr. Bitte wähle eine andere.',
  imageMissing: 'Bitte lade ein Foto hoch.',
  leaveQuestion: 'Möchten Sie Änderungen speichern?',
  hidePrice: 'Preis verstecken',
} as const;

/** Where the card background comes from: the voucher's own (default), an admin template, or the buyer's photo. */
export const BACKGROUND_KINDS = ['default', 'template', 'custom'] as const;
export type BackgroundKind = (typeof BACKGROUND_KINDS)[number];

/** Text colours offered on the form; any `#rrggbb` is accepted. */
export const TEXT_COLOURS = ['#ffffff', '#1f2a2c', '#ff5563', '#f5b700', '#1d7874'] as const;
export const hexColour = () =>
  z.string({ error: MSG.required }).check(z.regex(/^#[0-9a-fA-F]{6}$/, { error: 'Bitte wähle eine gültige Farbe.' }));

const noteField = () =>
  z.pipe(
    z.optional(
      z.nullable(
        z.pipe(
          z.string({ error: MSG.required }).check(z.maxLength(NOTE_MAX, { error: MSG.max(NOTE_MAX) })),
          z.transform((value) => value.trim() || null),
        ),
      ),
    ),
    z.transform((value) => value ?? null),
  );

/** The optimistic `version` a form was loaded with. */
export const versionField = () =>
  z.number({ error: MSG.required }).check(z.int({ error: MSG.integer }), z.gte(0, { error: MSG.minValue(0) }));

/** The design part shared by both variants. */
export const designFields = {
  background: z.enum(BACKGROUND_KINDS, { error: MSG.required }),
  /** Required when background = template. */
  template_id: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(100)))),
  /** A freshly uploaded photo (POST upload/image, purpose personalisation); without it a custom background keeps the current photo. */
  custom_image_upload_id: z.optional(z.nullable(uploadIdField())),
  text_color: z.optional(z.nullable(hexColour())),
  note: noteField(),
};

/** A template background needs its template (both design variants). */
export const withBackgroundRules = <T extends { background: BackgroundKind; template_id?: string | null | undefined }>(
  value: T,
  ctx: z.core.$RefinementCtx,
) => {
  if (value.background === 'template' && !value.template_id)
    ctx.addIssue({ code: 'custom', path: ['template_id'], message: MSG.required });
};

/** POST user-voucher/{id} (and POST user-voucher with the id in the body): the whole form. */
export const personaliseRequestSchema = z
  .object({
    ...designFields,
    /** 'Preis verstecken' (default true, 01 §3). */
    price_hidden: z._default(z.boolean({ error: MSG.required }), true),
    /** The `version` the form was loaded with; a save against an older one answers 409. */
    version: versionField(),
  })
  .check(z.superRefine(withBackgroundRules));
export type PersonaliseRequest = z.input<typeof personaliseRequestSchema>;
export type PersonaliseInput = z.output<typeof personaliseRequestSchema>;

/** POST user-voucher with the id in the body (the spec's first form). */
export const personaliseByBodyRequestSchema = z.catchall(
  z.object({ id: z.string({ error: MSG.required }).check(z.minLength(1, { error: MSG.required }), z.maxLength(100)) }),
  z.unknown(),
);

/** POST user-voucher/upload-custom-image/{id}: only the photo changes (background becomes custom). */
export const uploadCustomImageRequestSchema = z.object({ upload_id: uploadIdField(), version: versionField() });
/** POST user-voucher/upload-template/{id}: only the template changes (background becomes template). */
export const uploadTemplateRequestSchema = z.object({
  template_id: z.string({ error: MSG.required }).check(z.minLength(1, { error: MSG.required }), z.maxLength(100)),
  version: versionField(),
});

/**
 * The buyer's design as the API answers it (personalise calls, buyer vouchers and the wallet's
 * `userVoucherPersonalisationSchema`): image fields are URL paths (`/media/…`), not storage keys.
 */
export const personalisationSchema = z.object({
  template_id: z.nullable(z.string()),
  /** URL of the chosen admin template's image (resolved on read), or null. */
  template_image: z.nullable(z.string()),
  custom_image: z.nullable(z.string()),
  custom_background_image: z.nullable(z.string()),
  background_aid: z.nullable(z.string()),
  /** `#rrggbb`, or null for the voucher's own colour. */
  text_color: z.nullable(z.string()),
  note: z.nullable(z.string()),
  price_hidden: z.boolean(),
  updated_at: z.string(),
});
export type Personalisation = z.infer<typeof personalisationSchema>;

/** Answer of every personalise call: the saved design and the new version. */
export const personaliseResponseSchema = z.object({
  data: z.object({ id: z.string(), personalisation: personalisationSchema, version: z.number().check(z.int()) }),
});
export type PersonaliseResponse = z.infer<typeof personaliseResponseSchema>;

/** Which background a stored design shows. */
export function backgroundOf(
  design: Pick<Personalisation, 'custom_image' | 'template_id'> | null | undefined,
): BackgroundKind {
  if (design?.custom_image) return 'custom';
  if (design?.template_id) return 'template';
  return 'default';
}
