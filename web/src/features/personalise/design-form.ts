import * as z from 'zod/mini';
import { saveBuyerVoucherRequestSchema, type BuyerVoucher } from '@gm/shared/wallet/buyer-voucher';
import {
  PERSONALISE_TEXT,
  backgroundOf,
  designFields,
  hexColour,
  withBackgroundRules,
  type BackgroundKind,
  type Personalisation,
} from '@gm/shared/wallet/personalisation';

/** The photo of a custom background: the stored one, or a new crop (uploaded on save). */
export type PhotoSlot = { kind: 'saved'; url: string } | { kind: 'new'; blob: Blob; url: string } | null;

/**
 * The design fields of both forms. Names are the contract's (a server 422 lands on the same field),
 * except `photo`: the form holds the picture itself; its upload id exists only once it is uploaded.
 */
const designShape = {
  background: designFields.background,
  template_id: designFields.template_id,
  photo: z.custom<PhotoSlot>(),
  text_color: hexColour(),
  note: designFields.note,
  price_hidden: z.boolean(),
};

/** A template background needs its template, a photo background a photo (the server's rules, 01 §5). */
function designRules(
  values: { background: BackgroundKind; template_id?: string | null; photo: PhotoSlot },
  ctx: z.core.$RefinementCtx,
) {
  withBackgroundRules(values, ctx);
  if (values.background === 'custom' && !values.photo)
    ctx.addIssue({ code: 'custom', path: ['photo'], message: PERSONALISE_TEXT.imageMissing });
}

/** Personalising a bought voucher (POST user-voucher/{id}). */
export const designFormSchema = z.object(designShape).check(z.superRefine(designRules));
export type DesignValues = z.input<typeof designFormSchema>;
export type DesignOutput = z.output<typeof designFormSchema>;

/** The buyer-designed voucher: its texts (the contract's fields) and the design. */
const buyerTexts = saveBuyerVoucherRequestSchema.shape;
export const buyerVoucherFormSchema = z
  .object({ ...designShape, title: buyerTexts.title, description: buyerTexts.description, from: buyerTexts.from })
  .check(z.superRefine(designRules));
export type BuyerVoucherValues = z.input<typeof buyerVoucherFormSchema>;
export type BuyerVoucherOutput = z.output<typeof buyerVoucherFormSchema>;

/** The form's start values from a stored design (none yet: the voucher's own background, `defaultTextColor`, price hidden). */
export function designValues(p: Personalisation | null | undefined, defaultTextColor = '#ffffff'): DesignValues {
  return {
    background: backgroundOf(p),
    template_id: p?.template_id ?? null,
    photo: p?.custom_image ? { kind: 'saved', url: p.custom_image } : null,
    text_color: p?.text_color ?? defaultTextColor,
    note: p?.note ?? '',
    // 01 §3: price_hidden defaults to true.
    price_hidden: p?.price_hidden ?? true,
  };
}

export function buyerVoucherValues(voucher: BuyerVoucher | null, defaultFrom: string): BuyerVoucherValues {
  return {
    ...designValues(voucher?.personalisation, '#ffffff'),
    title: voucher?.voucher.title ?? '',
    description: voucher?.voucher.description ?? '',
    from: voucher?.from ?? defaultFrom,
  };
}

/** The fields every form names in a 422 answer, mapped to the form's own (the photo's upload id → photo). */
export function formFieldOf(serverField: string): string {
  return serverField === 'custom_image_upload_id' || serverField === 'upload_id' ? 'photo' : serverField;
}

/**
 * The design part of a save body; a new photo is uploaded first (`upload`, purpose personalisation).
 * A kept photo sends no upload id (the server keeps the stored one).
 */
export async function designRequest(values: DesignOutput, upload: (blob: Blob) => Promise<string>) {
  const photo = values.photo;
  const uploadId = values.background === 'custom' && photo?.kind === 'new' ? await upload(photo.blob) : null;
  return {
    background: values.background,
    template_id: values.background === 'template' ? (values.template_id ?? null) : null,
    custom_image_upload_id: uploadId,
    text_color: values.text_color,
    note: values.note,
  };
}
