import { useEffect, useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { SparkIcon } from '../../../components/ui/icons.tsx';
import './announcement-modal.css';

/** The announcement hides itself after 3 s (01 §9). */
export const ANNOUNCEMENT_MS = 3000;
const SEEN_KEY = 'gm.announcement.seen';

function seenThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    window.sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Private mode without storage: the notice may show again, which is harmless.
  }
}

/**
 * The home announcement (01 §1, §2): the early test phase with early-bird terms. Shown once per
 * browser session; any click closes it, and it hides itself after 3 s.
 */
export function AnnouncementModal() {
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && !seenThisSession());

  useEffect(() => {
    if (!open) return;
    markSeen();
    const timer = window.setTimeout(() => setOpen(false), ANNOUNCEMENT_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      labelledBy={titleId}
      describedBy={textId}
      className="announcement"
      testId="announcement-modal"
    >
      <div className="announcement__body" onClick={() => setOpen(false)} role="presentation">
        <span className="feature-icon" aria-hidden="true">
          <SparkIcon size={28} />
        </span>
        <h2 id={titleId} className="announcement__title">
          Wir sind in der Testphase!
        </h2>
        <p id={textId} className="announcement__text">
          Der Gutscheinmarkt startet gerade: Teilnehmende Unternehmen erhalten Early-Bird-Konditionen, und von jedem
          Kauf geht 1&nbsp;€ an regionale soziale Projekte.
        </p>
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          Los geht’s
        </button>
      </div>
    </Modal>
  );
}
