import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { WALLET_TEXT, type UserVoucher } from '@gm/shared/wallet/contracts';
import { QrIcon } from '../../../components/ui/icons.tsx';
import {
  cardBackground,
  cardTextColor,
  isLightColor,
  sellerNameOf,
  statusLabel,
  validUntilLabel,
  walletAmountLabel,
} from '../wallet-format.ts';
import { VoucherQr } from './voucher-qr.tsx';
import './wallet-card.css';

type Props = {
  voucher: UserVoucher;
  /** What the QR side shows besides the code (list: the actions; detail: a hint). */
  back?: ReactNode;
  /** Label of the flip button on the front. */
  flipLabel?: string;
  headingLevel?: 2 | 3;
  qrSize?: number;
};

/**
 * The wallet card (01 §2): the voucher in its (personalised) design on the front; a click flips it to
 * the QR code that the scanner reads, with the code for manual entry. The hidden side is `inert`, so
 * keyboard and screen-reader users only meet the visible one.
 */
export function WalletCard({ voucher, back, flipLabel = WALLET_TEXT.redeem, headingLevel = 3, qrSize = 180 }: Props) {
  const [flipped, setFlipped] = useState(false);
  const titleId = useId();
  // The side that hides becomes inert and would drop the focus to <body>: move it to the other side's button.
  const flipRef = useRef<HTMLButtonElement>(null);
  const unflipRef = useRef<HTMLButtonElement>(null);
  const flippedByUser = useRef(false);
  useEffect(() => {
    if (!flippedByUser.current) return;
    (flipped ? unflipRef : flipRef).current?.focus();
  }, [flipped]);
  const turn = (to: boolean) => {
    flippedByUser.current = true;
    setFlipped(to);
  };
  const Heading = `h${headingLevel}` as const;
  const background = cardBackground(voucher);
  const amount = walletAmountLabel(voucher);
  const status = statusLabel(voucher.status);
  const note = voucher.personalisation?.note?.trim();
  const textColor = cardTextColor(voucher);

  return (
    <article
      className={`wallet-card wallet-card--text-${isLightColor(textColor) ? 'light' : 'dark'}${background ? ' wallet-card--image' : ''}${flipped ? ' wallet-card--flipped' : ''}`}
      aria-labelledby={titleId}
      data-testid="wallet-card"
      data-user-voucher-id={voucher.id}
    >
      <div className="wallet-card__flipper">
        <div
          className="wallet-card__face wallet-card__front"
          inert={flipped}
          style={{ color: textColor, backgroundColor: voucher.voucher.styling.background_color || undefined }}
        >
          {background && <img className="wallet-card__bg" src={background} alt="" loading="lazy" decoding="async" />}
          <div className="wallet-card__content">
            <div className="wallet-card__band wallet-card__head">
              <p className="wallet-card__seller">{sellerNameOf(voucher)}</p>
              <Heading id={titleId} className="wallet-card__title">
                {voucher.voucher.title}
              </Heading>
            </div>
            {note && <blockquote className="wallet-card__note">{note}</blockquote>}
            <div className="wallet-card__band wallet-card__foot">
              <div>
                {amount && <p className="wallet-card__amount">{amount}</p>}
                <p className="wallet-card__valid">{validUntilLabel(voucher)}</p>
              </div>
              {/* A voucher of a reversed order is void: no QR code to show (issue 11). */}
              {voucher.status !== 'reversed' && (
                <button
                  ref={flipRef}
                  type="button"
                  className="wallet-card__flip"
                  onClick={() => turn(true)}
                  aria-label={`${flipLabel}: QR-Code von ${voucher.voucher.title} zeigen`}
                  data-testid="wallet-card-flip"
                >
                  <QrIcon size={18} /> <span>{flipLabel}</span>
                </button>
              )}
            </div>
          </div>
          <div className="wallet-card__badges">
            {status && <span className="wallet-badge wallet-badge--status">{status}</span>}
            {voucher.sent_via && (
              <span className="wallet-badge" data-testid="sent-via-badge">
                {WALLET_TEXT.sentViaLabel[voucher.sent_via]}
              </span>
            )}
          </div>
        </div>
        <div className="wallet-card__face wallet-card__back" inert={!flipped} data-testid="wallet-card-back">
          <div className="wallet-card__qr-row">
            <VoucherQr value={voucher.qr} size={qrSize} />
            <div className="wallet-card__qr-meta">
              <p className="wallet-card__code">
                <span className="wallet-card__code-label">Code</span>
                <code data-testid="wallet-card-code">{voucher.code}</code>
              </p>
              <button
                ref={unflipRef}
                type="button"
                className="button button--ghost button--small wallet-card__unflip"
                onClick={() => turn(false)}
                data-testid="wallet-card-unflip"
              >
                Zurück
              </button>
            </div>
          </div>
          {back}
        </div>
      </div>
    </article>
  );
}
