/**
 * What a tenant shop shows where the company set nothing (03 §9): apart from website-defaults.ts, so every page's
 * header (web: tenant-rules.ts) carries these few values, not the website form's texts and limits (issue 15).
 */
export const TENANT_SITE_DEFAULTS = {
  background: '#1D4F55',
  text: '#fff',
  /** Titel 2 when the seller has none (Titel 1 falls back to the company name). */
  header_2: 'Gutscheine online kaufen und verschenken',
} as const;
