/** The footer's newsletter title and line: apart from newsletter-text.ts, so every page's first load carries only these (issue 15). */
export const NEWSLETTER_FOOTER_TEXT = {
  title: 'Newsletter',
  text: 'Neue Gutscheine und Aktionen aus deiner Region – und für jede Anmeldung spenden wir 1 € an soziale Projekte.',
} as const;
