import * as z from 'zod/mini';

/**
 * `Idempotency-Key` (docs/data-model.md "Idempotency"): a UUID the client makes once per attempt and
 * sends again on every retry of that attempt, so a double click or a browser retry never runs a
 * request twice. Header names arrive lower-cased.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_TEXT = {
  missingKey: 'Der Idempotency-Key fehlt oder ist ungültig. Bitte lade die Seite neu und versuche es erneut.',
  keyReused: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
  paymentInProgress: 'Die Zahlung wird bereits bearbeitet.',
} as const;

export const idempotencyKeySchema = z.uuid({ error: IDEMPOTENCY_TEXT.missingKey });
