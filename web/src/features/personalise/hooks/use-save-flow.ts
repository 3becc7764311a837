import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import { PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import { PERSONALISE_TEXT } from '@gm/shared/wallet/personalisation';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** Puts a server message on a form field; false when the form has no such field. */
export type SetServerError = (field: string, message: string) => boolean;

/**
 * Saving a design: 422 answers go next to the fields (`setServerError`), a photo over 10 MB gets
 * 'Achtung: Fotos zu groß!', anything else the spec's 'Etwas ist schief gelaufen. Bitte lade die Seite
 * erneut!' and a reload on confirm (01 §8). After a save from the button the page goes to `to` (once
 * the leave guard knows it is submitted, so it does not ask).
 */
export function useSaveFlow(setServerError: SetServerError) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (failed) window.location.reload();
  }, [failed]);
  useEffect(() => {
    if (submitted && target) void navigate(target);
  }, [submitted, target, navigate]);

  const run = useCallback(
    async (save: () => Promise<void>, to: string | null): Promise<boolean> => {
      setSaving(true);
      try {
        await save();
        setTarget(to);
        setSubmitted(true);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const messages = Object.entries(error.fieldErrors).flatMap(([field, list]) =>
            list[0] ? [[field, list[0]] as const] : [],
          );
          const shown = messages.filter(([field, message]) => setServerError(field, message));
          if (messages.some(([, message]) => message === PHOTO_TOO_LARGE)) await dialog.warning(PHOTO_TOO_LARGE);
          else if (shown.length === 0) await dialog.warning(error.message);
          return false;
        }
        console.error('Saving the design failed', error);
        await dialog.warning(PERSONALISE_TEXT.saveFailed);
        setFailed(true);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [dialog, setServerError],
  );

  return { run, saving, submitted, failed };
}

/**
 * Validates with react-hook-form's `handleSubmit` and saves: resolves true once saved, false when a
 * field is invalid or the save failed (the leave prompt's Speichern then stays on the page).
 */
export function validateAndSave<T extends FieldValues, O>(
  handleSubmit: UseFormHandleSubmit<T, O>,
  save: (data: O) => Promise<boolean>,
): Promise<boolean> {
  return new Promise((resolve) => {
    void handleSubmit(
      async (data) => resolve(await save(data)),
      () => resolve(false),
    )();
  });
}
