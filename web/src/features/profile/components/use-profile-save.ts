import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE_TEXT } from '@gm/shared/users/profile';
import type { ApiError } from '../../../lib/api-client.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { paths } from '../../../config/paths.ts';

/** Spec timing: after saving the profile the user goes home after 1 s (01 §9). */
export const PROFILE_REDIRECT_MS = 1000;

/**
 * What every profile tab does around its request: 'Info aktualisiert.' and /home after 1 s (unless the
 * save ran from the leave prompt, which then continues where the user wanted to go), and the server
 * answers that are dialogs rather than field errors (stale version, verified account).
 */
export function useProfileSave() {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState(false);

  const afterSave = useCallback(
    async (leaving: boolean, text: string = PROFILE_TEXT.saved) => {
      setSubmitted(true);
      if (leaving) return;
      await dialog.success(text, { autoCloseMs: PROFILE_REDIRECT_MS });
      void navigate(paths.home);
    },
    [dialog, navigate],
  );

  const onServerError = useCallback(
    (error: ApiError) => {
      // 02 §8: a refused document change shows 'Achtung!' with the spec's sentence.
      if (error.message.includes('account is verified')) {
        void dialog.warning(PROFILE_TEXT.verifiedLocked);
        return true;
      }
      if (error.status === 409 || error.status === 404 || error.status === 403) {
        void dialog.warning(error.message);
        return true;
      }
      return false;
    },
    [dialog],
  );

  return { submitted, afterSave, onServerError };
}
