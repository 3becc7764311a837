import { useId, useState } from 'react';
import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormMessage } from '../../../components/ui/form-fields.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateShareLink, type OwnedVoucherKind } from '../api/transfer.ts';
import { copyText, shareText } from '../copy-text.ts';
import './share-link-panel.css';

/**
 * 'Link teilen' (01 §2 "Share as link"): confirm 'Bestätige die Übertragung', then the read-only share
 * link with a copy button (confirmation closes after 2 s, 01 §9) and the fixed message to share it with.
 */
export function ShareLinkPanel({
  kind,
  voucherId,
  disabled,
}: {
  kind: OwnedVoucherKind;
  voucherId: string;
  disabled?: boolean;
}) {
  const dialog = useDialog();
  const inputId = useId();
  const textId = useId();
  const shareLink = useCreateShareLink(kind);
  const link = shareLink.data?.url ?? null;
  const busy = shareLink.isPending;
  const error = shareLink.error
    ? shareLink.error instanceof ApiError
      ? shareLink.error.message
      : String(shareLink.error)
    : undefined;
  const [copied, setCopied] = useState(false);

  async function create() {
    const confirmed = await dialog.confirm(TRANSFER_TEXT.confirmText, { title: TRANSFER_TEXT.confirmTitle });
    if (!confirmed) return;
    shareLink.mutate(voucherId);
  }

  async function copy() {
    if (!link) return;
    if (!(await copyText(link))) return;
    setCopied(true);
    await dialog.success(TRANSFER_TEXT.copied, { autoCloseMs: 2000 });
    setCopied(false);
  }

  async function share() {
    if (!link) return;
    const text = shareText(TRANSFER_TEXT.giftMessage, link);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: TRANSFER_TEXT.receiveTitle, text });
        return;
      } catch (e) {
        if ((e as DOMException)?.name === 'AbortError') return;
      }
    }
    if (await copyText(text)) await dialog.success(TRANSFER_TEXT.copied, { autoCloseMs: 2000 });
  }

  return (
    <div className="share-link" data-testid="share-link-panel">
      <FormMessage message={error} />
      {!link ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => void create()}
          disabled={busy || disabled}
          data-testid="create-link"
        >
          {busy ? <Spinner size="sm" /> : null}
          {TRANSFER_TEXT.createLink}
        </button>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              Dein Geschenk-Link
            </label>
            <div className="share-link__row">
              <input
                id={inputId}
                className="input share-link__input"
                readOnly
                value={link}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="share-link"
              />
              <button
                type="button"
                className="button button--primary"
                onClick={() => void copy()}
                data-testid="copy-link"
              >
                {copied ? TRANSFER_TEXT.copied : TRANSFER_TEXT.copy}
              </button>
            </div>
          </div>
          <div className="share-link__text">
            <p className="field__label" id={textId}>
              Text zum Teilen
            </p>
            <blockquote aria-labelledby={textId} data-testid="share-text">
              {TRANSFER_TEXT.giftMessage} <span className="share-link__url">{link}</span>
            </blockquote>
            <button
              type="button"
              className="button button--outline"
              onClick={() => void share()}
              data-testid="share-button"
            >
              {TRANSFER_TEXT.share}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
