import { useState } from 'react';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { ApiError } from '../../lib/api-client.ts';

/** Success dialogs close after 1 s (03 §9). */
export const SUCCESS_CLOSE_MS = 1000;

/**
 * Runs one row action of /users: optionally asks first ('Bestätigen' / 'Abbrechen'), then shows
 * 'Erfolgreich!' with the server's message, or 'Warnung!' with the server's refusal (4xx), or the
 * generic 'Achtung!' dialog for anything else.
 */
export function useUserAction() {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);

  async function run<T extends { message: string }>(
    action: () => Promise<T>,
    options: { confirm?: string } = {},
  ): Promise<T | undefined> {
    if (options.confirm && !(await dialog.confirm(options.confirm))) return undefined;
    setBusy(true);
    try {
      const answer = await action();
      setBusy(false);
      void dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
      return answer;
    } catch (error) {
      setBusy(false);
      console.error('User action failed', error);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        void dialog.warning(error.message, { title: TEXT.warning });
      else void dialog.warning(TEXT.genericError, { title: `${TEXT.attention} ` });
      return undefined;
    }
  }

  return { run, busy };
}
