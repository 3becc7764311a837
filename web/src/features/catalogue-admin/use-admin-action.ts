import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { TEXT } from '@gm/shared/validation/messages';

/** Success dialogs close after 1 s (03 §9). */
export const SUCCESS_CLOSE_MS = 1000;

/**
 * Runs a confirmed table action (delete, toggle): asks 'Bestätigen' / 'Abbrechen', shows the overlay
 * while it runs, then 'Erfolgreich!' with the server's message, or 'Achtung!' with its refusal.
 */
export function useAdminAction() {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);

  async function run<T extends { message: string }>(
    question: string,
    action: () => Promise<T>,
  ): Promise<T | undefined> {
    if (!(await dialog.confirm(question))) return undefined;
    setBusy(true);
    try {
      const answer = await action();
      setBusy(false);
      void dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
      return answer;
    } catch (error) {
      setBusy(false);
      console.error('Admin action failed', error);
      void dialog.warning(
        error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : TEXT.genericError,
      );
      return undefined;
    }
  }

  return { run, busy };
}
