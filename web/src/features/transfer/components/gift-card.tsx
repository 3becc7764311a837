import type { ShareLinkPreview } from '@gm/shared/wallet/transfer';
import { formatDate } from '@gm/shared/dates/format';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { mediaUrl } from '../../../lib/media.ts';

/** The gifted voucher as the gift page shows it: card and title only (docs/data-model.md §5.4). */
export function GiftCard({ gift }: { gift: ShareLinkPreview }) {
  const image = mediaUrl(gift.background_image);
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
          {gift.title}
        </h2>
        {gift.seller_name ? <p className="gift-card__seller">{gift.seller_name}</p> : null}
        {gift.from_name ? <p className="gift-card__from">Von: {gift.from_name}</p> : null}
        {gift.valid_until ? <p className="gift-card__valid">Gültig bis {formatDate(gift.valid_until)}</p> : null}
      </div>
    </article>
  );
}
