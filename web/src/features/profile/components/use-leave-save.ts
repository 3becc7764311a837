import { useCallback, useRef, type FormEvent } from 'react';

/**
 * Lets the leave prompt's 'Speichern' run the form's own submit and learn whether it saved:
 * `markSaved()` is called by the form's submit on success, `saveForLeave()` answers that.
 */
export function useLeaveSave(handleSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>) {
  const saved = useRef(false);
  const leaving = useRef(false);
  const markSaved = useCallback(() => {
    saved.current = true;
  }, []);
  const saveForLeave = useCallback(async () => {
    saved.current = false;
    leaving.current = true;
    try {
      await handleSubmit({ preventDefault() {} } as FormEvent<HTMLFormElement>);
    } finally {
      leaving.current = false;
    }
    return saved.current;
  }, [handleSubmit]);
  return { markSaved, saveForLeave, leaving };
}

/** True when any form value differs from the loaded one. */
export function isDirty(values: Record<string, unknown>, initial: Record<string, unknown>): boolean {
  return Object.keys(initial).some((key) => values[key] !== initial[key]);
}
