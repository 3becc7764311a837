import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import { PERSONALISE_TEXT } from '@gm/shared/wallet/personalisation';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';

export type FieldMessages = Record<string, string | undefined>;

/**
 * Saving a design: 422 answers go next to the fields, a photo over 10 MB gets 'Achtung: Fotos zu groß!',
 * anything else the spec's 'Etwas ist schief gelaufen. Bitte lade die Seite erneut!' and a reload on
 * confirm (01 §8). After a save from the button the page goes to `to` (once the leave guard knows it
 * is submitted, so it does not ask).
 */
export function useSaveFlow() {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (failed) window.location.reload();
  }, [failed]);
  useEffect(() => {
    if (submitted && target) navigate(target);
  }, [submitted, target, navigate]);

  const run = useCallback(
    async (save: () => Promise<void>, to: string | null): Promise<boolean> => {
      setSaving(true);
      setErrors({});
      try {
        await save();
        setTarget(to);
        setSubmitted(true);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const messages: FieldMessages = Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, list]) => [field, list[0]]),
          );
          setErrors(messages);
          if (Object.values(messages).includes(PHOTO_TOO_LARGE)) await dialog.warning(PHOTO_TOO_LARGE);
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
    [dialog],
  );

  return { run, saving, submitted, failed, errors };
}
