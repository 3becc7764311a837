import { NEWSLETTER_TEXT } from '@gm/shared/admin/newsletter';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useDownloadNewsletterCsv } from '../api/newsletter.ts';

/** The admin's download of the confirmed newsletter subscribers as CSV (issue 13), on the admin home. */
export function NewsletterDownloadButton() {
  const download = useDownloadNewsletterCsv();
  const dialog = useDialog();
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onError: () => void dialog.warning('Etwas ist schief gelaufen. Versuche es nochmal oder kontaktiere uns.'),
          })
        }
        data-testid="newsletter-download"
      >
        {NEWSLETTER_TEXT.download}
      </button>
      <LoadingOverlay show={download.isPending} label="Liste wird erstellt…" />
    </>
  );
}
