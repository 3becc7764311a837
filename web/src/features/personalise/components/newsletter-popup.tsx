import { useId, useState } from 'react';
import { BUYER_VOUCHER_TEXT } from '@gm/shared/wallet/buyer-voucher';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { NewsletterForm } from '../../../entities/newsletter/components/newsletter-form.tsx';
import './newsletter-popup.css';

/** The popup the gift-voucher designer opens with (01 §2): 'Wir spenden für DICH!'. */
export function NewsletterPopup() {
  const [open, setOpen] = useState(true);
  const titleId = useId();
  const textId = useId();
  if (!open) return null;
  return (
    <Modal
      open
      onClose={() => setOpen(false)}
      labelledBy={titleId}
      describedBy={textId}
      className="message-dialog message-dialog--info newsletter-popup"
      testId="newsletter-popup"
    >
      <div className="message-dialog__icon">
        <GiftIcon size={40} />
      </div>
      <h2 id={titleId} className="message-dialog__title">
        {BUYER_VOUCHER_TEXT.newsletterTitle}
      </h2>
      <p id={textId} className="message-dialog__text">
        {BUYER_VOUCHER_TEXT.newsletterText}
      </p>
      {/* The sign-up itself (issue 13): double opt-in by mail. */}
      <div className="newsletter-popup__form">
        <NewsletterForm source="popup" />
      </div>
      <div className="message-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setOpen(false)}
          data-testid="newsletter-close"
        >
          Weiter gestalten
        </button>
      </div>
    </Modal>
  );
}
