import { useEffect, useRef, useState } from 'react';

/** Search input emits after 1 s of inactivity (01 §4). */
export const SEARCH_DEBOUNCE_MS = 1000;

/**
 * An input's text that commits `delayMs` after the last keystroke (or at once with `flush`, e.g. on
 * Enter). When the committed value changes from outside (a sort clears the keyword), the draft follows.
 */
export function useDebouncedDraft(committed: string, commit: (value: string) => void, delayMs = SEARCH_DEBOUNCE_MS) {
  const [draft, setDraft] = useState({ base: committed, text: committed });
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  let current = draft;
  if (draft.base !== committed) {
    current = { base: committed, text: committed };
    setDraft(current);
  }

  const pending = current.text !== current.base;
  const text = current.text;
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => commitRef.current(text), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, pending, delayMs]);

  return {
    text,
    setText: (value: string) => setDraft((d) => ({ ...d, text: value })),
    flush: () => {
      if (current.text !== current.base) commitRef.current(current.text);
    },
  };
}
