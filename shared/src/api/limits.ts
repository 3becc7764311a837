/**
 * A Lambda accepts at most 6 MB per synchronous request. The API refuses larger bodies itself with
 * a German 413 (locally the same limit applies, so the web meets it before deploying).
 */
export const MAX_REQUEST_BODY_BYTES = 6 * 1024 * 1024;
export const REQUEST_TOO_LARGE =
  'Die Anfrage ist zu groß (höchstens 6 MB). Bitte wähle kleinere Fotos und versuche es erneut.';
