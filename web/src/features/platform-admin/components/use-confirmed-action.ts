import { useState } from 'react';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';

/** Success dialogs close after 1 s (03 §9). */
export const SUCCESS_CLOSE_MS = 1000;

/** The server's refusal for a 4xx, else the generic text (03 §8). */
export function refusalText(error: unknown): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : TEXT.genericError;
}

/**
 * A confirmed action: 'Bestätigen' / 'Abbrechen', then 'Erfolgreich!' with the server's message, or
 * 'Warnung!' with its refusal (03 §8 'Subdomain save with 422: warning Warnung! showing the server message').
 */
export function useConfirmedAction() {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);

  async function run<T extends { message: string }>(question: string | null, action: () => Promise<T>) {
    if (question !== null && !(await dialog.confirm(question))) return undefined;
    setBusy(true);
    try {
      const answer = await action();
      setBusy(false);
      void dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
      return answer;
    } catch (error) {
      setBusy(false);
      void dialog.warning(refusalText(error), {
        title: error instanceof ApiError && error.isValidation ? TEXT.warning : TEXT.attention,
      });
      return undefined;
    }
  }

  return { run, busy };
}
