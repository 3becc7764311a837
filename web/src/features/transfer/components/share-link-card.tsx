import { formatDate } from '@gm/shared/dates/format';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import type { ShareLinkPreview } from '@gm/shared/wallet/transfer';
import './share-link-card.css';

/** The voucher behind a share link as its page shows it: card and title only (docs/data-model.md §5.4). */
export function ShareLinkCard({ voucher }: { voucher: ShareLinkPreview }) {
  const image = mediaUrl(voucher.background_image);
  return (
    <article className="gift-card" data-testid="gift-card">
      <div className="gift-card__media" aria-hidden="true">
        {image ? (
          <img src={image} alt="" />
        ) : (
          <span className="gift-card__placeholder">
            <GiftIcon size={64} />
          </span>
        )}
      </div>
      <div className="gift-card__body">
        <h2 className="gift-card__title" data-testid="gift-title">
          {voucher.title}
        </h2>
        {voucher.seller_name ? <p className="gift-card__seller">{voucher.seller_name}</p> : null}
        {voucher.from_name ? <p className="gift-card__from">Von: {voucher.from_name}</p> : null}
        {voucher.valid_until ? <p className="gift-card__valid">Gültig bis {formatDate(voucher.valid_until)}</p> : null}
      </div>
    </article>
  );
}
