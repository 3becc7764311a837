import { useCallback, useRef } from 'react';

/**
 * Lets the leave prompt's 'Speichern' run the form's own submit and learn whether it saved:
 * `markSaved()` is called by the form's submit on success, `saveForLeave()` answers that.
 */
export function useLeaveSave(submit: () => Promise<void>) {
  const saved = useRef(false);
  const leaving = useRef(false);
  const markSaved = useCallback(() => {
    saved.current = true;
  }, []);
  const saveForLeave = useCallback(async () => {
    saved.current = false;
    leaving.current = true;
    try {
      await submit();
    } finally {
      leaving.current = false;
    }
    return saved.current;
  }, [submit]);
  return { markSaved, saveForLeave, leaving };
}
