/**
 * The Idempotency-Key of receiving one share link (docs/data-model.md "Idempotency"): made once per
 * link and browser tab session, so a reload or double render repeats the same request and gets the
 * first answer instead of the "already received" message.
 */
const PREFIX = 'gm.share-link-key.';

export function receiveIdempotencyKey(
  code: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeSession(),
  newId: () => string = () => crypto.randomUUID(),
): string {
  try {
    const stored = storage?.getItem(PREFIX + code);
    if (stored) return stored;
  } catch {
    // storage blocked: a fresh key per page load
  }
  const key = newId();
  try {
    storage?.setItem(PREFIX + code, key);
  } catch {
    // ignore
  }
  return key;
}

function safeSession(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
