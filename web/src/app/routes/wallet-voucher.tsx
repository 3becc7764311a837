import { Link, useParams } from 'react-router';
import { WALLET_TEXT, type UserVoucherDetail } from '@gm/shared/wallet/contracts';
import { paths } from '../../config/paths.ts';
import { AlertIcon } from '../../components/ui/icons.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { mediaUrl } from '../../lib/media.ts';
import { monthsLabel, redeemableDaysLabel, validityLabel } from '../../entities/catalogue/voucher-format.ts';
import { useUserVoucher } from '../../entities/wallet/api/user-voucher.ts';
import { VoucherActions } from '../../features/wallet/components/voucher-actions.tsx';
import { WalletCard } from '../../features/wallet/components/wallet-card.tsx';
import { useVoucherDownload } from '../../features/wallet/hooks/use-voucher-download.ts';
import { remainingLabel, validUntilLabel } from '../../features/wallet/wallet-format.ts';
import './wallet-voucher.css';

/** /voucher/{userVoucherId}: the wallet voucher detail (01 §2): flipping QR card, actions, seller info, validity. */
export default function WalletVoucherPage() {
  const { id = '' } = useParams();
  const query = useUserVoucher(id);
  const { download, busyId } = useVoucherDownload();

  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <div className="container narrow-page" data-testid="wallet-voucher-missing">
        <title>Gutschein – Gutscheinmarkt</title>
        <header className="page-header">
          <h1>Gutschein nicht gefunden</h1>
          <p>Dieser Gutschein ist nicht (mehr) in deiner Wallet.</p>
        </header>
        <Link className="button button--primary" to={paths.wallet}>
          Zur Wallet
        </Link>
      </div>
    );
  }
  if (!query.data) {
    return query.error ? (
      <div className="container">
        <LoadFailed text="Der Gutschein konnte gerade nicht geladen werden." onRetry={() => void query.refetch()} />
      </div>
    ) : (
      <PageLoader label="Gutschein wird geladen…" />
    );
  }
  const voucher = query.data;
  return (
    <div className="container wallet-voucher-page" data-testid="wallet-voucher-page">
      <title>{`${voucher.voucher.title} – Meine Wallet`}</title>
      <p>
        <Link to={paths.wallet}>← {WALLET_TEXT.title}</Link>
      </p>
      <div className="wallet-detail">
        <div className="wallet-detail__card">
          <WalletCard
            voucher={voucher}
            headingLevel={2}
            qrSize={180}
            back={<p className="wallet-detail__hint">Zeige diesen QR-Code beim Einlösen vor oder nenne den Code.</p>}
          />
          <VoucherActions
            voucher={voucher}
            downloading={busyId === voucher.id}
            onDownload={() => void download(voucher)}
          />
        </div>
        <div className="wallet-detail__info">
          <h1 className="visually-hidden">{voucher.voucher.title}</h1>
          {voucher.sent_via && (
            <div className="notice notice--warning" role="status" data-testid="sent-via-warning">
              <AlertIcon size={18} />
              <div>
                <p className="notice__title">{WALLET_TEXT.sentViaLabel[voucher.sent_via]}</p>
                <p>{WALLET_TEXT.sentViaWarning}</p>
              </div>
            </div>
          )}
          <VoucherFacts voucher={voucher} />
          <SellerInfo voucher={voucher} />
        </div>
      </div>
      <LoadingOverlay show={busyId !== null} label="Gutschein-PDF wird erstellt…" />
    </div>
  );
}

function VoucherFacts({ voucher }: { voucher: UserVoucherDetail }) {
  const info = voucher.voucher_info;
  const images = info
    ? [info.image_1, info.image_2, info.image_3].map((i) => mediaUrl(i)).filter((i): i is string => Boolean(i))
    : [];
  return (
    <section aria-labelledby="wallet-facts-title">
      <h2 id="wallet-facts-title">Gutschein Info</h2>
      <dl className="wallet-facts">
        <dt>{voucher.type === 'quantity' ? 'Noch einlösbar' : 'Restwert'}</dt>
        <dd data-testid="remaining">{remainingLabel(voucher)}</dd>
        <dt>{WALLET_TEXT.validUntil}</dt>
        <dd data-testid="valid-until">{validUntilLabel(voucher).replace(`${WALLET_TEXT.validUntil} `, '')}</dd>
        <dt>Einlösbar</dt>
        <dd>{redeemableDaysLabel(voucher.voucher.valid_day)}</dd>
        <dt>Monate</dt>
        <dd>{monthsLabel(voucher.voucher.months)}</dd>
        {info && (
          <>
            <dt>Gültigkeit</dt>
            <dd>{validityLabel(info.expiry_date)}</dd>
            <dt>Reservierung</dt>
            <dd>{info.isReserve ? 'Ja' : 'Nein'}</dd>
          </>
        )}
        <dt>Bestellnummer</dt>
        <dd>{voucher.order_no}</dd>
        <dt>Code</dt>
        <dd>
          <code>{voucher.code}</code>
        </dd>
        {voucher.from_name && (
          <>
            <dt>Von</dt>
            <dd>{voucher.from_name}</dd>
          </>
        )}
      </dl>
      {info?.description && <p>{info.description}</p>}
      {info?.long_description && <p className="wallet-detail__long">{info.long_description}</p>}
      {images.length > 0 && (
        <div className="wallet-detail__images">
          {images.map((src) => (
            <img key={src} src={src} alt="" loading="lazy" />
          ))}
        </div>
      )}
    </section>
  );
}

function SellerInfo({ voucher }: { voucher: UserVoucherDetail }) {
  const s = voucher.seller;
  const place = [s.zip_code, s.city].filter(Boolean).join(' ');
  return (
    <section className="wallet-seller" aria-labelledby="wallet-seller-title" data-testid="wallet-seller">
      <h2 id="wallet-seller-title">Verkäufer Info</h2>
      <address>
        <strong>{s.company_name}</strong>
        {s.address && (
          <span>
            <br />
            {s.address}
          </span>
        )}
        {place && (
          <span>
            <br />
            {place}
          </span>
        )}
        {s.region && (
          <span>
            <br />
            {s.region}
          </span>
        )}
        {s.phone && (
          <span>
            <br />
            Telefon: <a href={`tel:${s.phone}`}>{s.phone}</a>
          </span>
        )}
        {s.email && (
          <span>
            <br />
            E-Mail: <a href={`mailto:${s.email}`}>{s.email}</a>
          </span>
        )}
        {s.url && (
          <span>
            <br />
            <a href={/^https?:/.test(s.url) ? s.url : `https://${s.url}`} target="_blank" rel="noopener noreferrer">
              {s.url}
            </a>
          </span>
        )}
      </address>
      <p>
        <Link to={paths.seller(s.id)}>Alle Gutscheine von {s.company_name}</Link>
      </p>
    </section>
  );
}
