import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { backgroundOf, type BackgroundKind, type Personalisation } from '@gm/shared/wallet/personalisation';
import { uploadImage } from '../../../lib/upload-image.ts';

export type PhotoSlot = { kind: 'saved'; url: string } | { kind: 'new'; blob: Blob; url: string } | null;

export type DesignState = {
  background: BackgroundKind;
  templateId: string | null;
  photo: PhotoSlot;
  textColor: string;
  note: string;
  priceHidden: boolean;
};

/** The form's start values from a stored design (none yet: the voucher's own background, white text, price hidden). */
export function initialDesign(p: Personalisation | null | undefined, defaultTextColor = '#ffffff'): DesignState {
  return {
    background: backgroundOf(p),
    templateId: p?.template_id ?? null,
    photo: p?.custom_image ? { kind: 'saved', url: p.custom_image } : null,
    textColor: p?.text_color ?? defaultTextColor,
    note: p?.note ?? '',
    // 01 §3: price_hidden defaults to true.
    priceHidden: p?.price_hidden ?? true,
  };
}

const sameDesign = (a: DesignState, b: DesignState) =>
  a.background === b.background &&
  a.templateId === b.templateId &&
  (a.photo?.url ?? null) === (b.photo?.url ?? null) &&
  a.textColor === b.textColor &&
  a.note === b.note &&
  a.priceHidden === b.priceHidden;

/**
 * Design form state: what is chosen, whether it differs from what was loaded (dirty), and the design
 * part of the save body (uploading a new photo first, purpose personalisation).
 */
export function useDesign(initial: DesignState) {
  const [design, setDesign] = useState<DesignState>(initial);
  const start = useRef(initial);
  const dirty = useMemo(() => !sameDesign(design, start.current), [design]);

  // New photos are object URLs; release them when replaced or when the page goes.
  const photoUrl = design.photo?.kind === 'new' ? design.photo.url : null;
  useEffect(
    () => () => {
      if (photoUrl) URL.revokeObjectURL(photoUrl);
    },
    [photoUrl],
  );

  const update = useCallback(
    (changes: Partial<DesignState>) => setDesign((current) => ({ ...current, ...changes })),
    [],
  );

  /** The design fields of the request; a new photo is uploaded now. */
  const requestFields = useCallback(async () => {
    const uploadId =
      design.background === 'custom' && design.photo?.kind === 'new'
        ? await uploadImage(design.photo.blob, 'personalisation')
        : null;
    return {
      background: design.background,
      template_id: design.background === 'template' ? design.templateId : null,
      custom_image_upload_id: uploadId,
      text_color: design.textColor,
      note: design.note,
    };
  }, [design]);

  /** After a save: the saved state is the new start (not dirty any more). */
  const markSaved = useCallback((saved: DesignState) => {
    start.current = saved;
    setDesign(saved);
  }, []);

  return { design, update, dirty, requestFields, markSaved };
}
