import { useState } from 'react';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../lib/api-client.ts';
import { useDialog, type DialogApi } from './dialog-provider.tsx';

/** Success dialogs close after 1 s (03 §9). */
export const SUCCESS_CLOSE_MS = 1000;

/** The server's refusal for a 4xx, else the generic text (03 §8). */
export function refusalText(error: unknown): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : TEXT.genericError;
}

/**
 * Shows a failed action: a 422 as 'Warnung!' with the server's message (03 §8), another refusal (4xx)
 * as 'Achtung!' with its message, anything else as 'Achtung!' with the generic text.
 */
export function showRefusal(dialog: Pick<DialogApi, 'warning'>, error: unknown): Promise<void> {
  return dialog.warning(refusalText(error), {
    title: error instanceof ApiError && error.isValidation ? TEXT.warning : TEXT.attention,
  });
}

/**
 * A table or row action of the admin screens: optionally asks first ('Bestätigen' / 'Abbrechen'),
 * then shows 'Erfolgreich!' with the server's message, or the refusal (showRefusal).
 */
export function useConfirmedAction() {
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
      console.error('Admin action failed', error);
      void showRefusal(dialog, error);
      return undefined;
    }
  }

  return { run, busy };
}
