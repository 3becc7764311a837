import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { ShareLinkPanel } from '../../features/transfer/components/share-link-panel.tsx';
import { TransferVoucherFrame } from '../../features/transfer/components/transfer-voucher-frame.tsx';

/** /vouchers/transfer/{userVoucherId} (?type=buyer for a buyer-designed voucher): 'Link teilen' (01 §2). */
export default function ShareVoucherPage() {
  return (
    <TransferVoucherFrame title={TRANSFER_TEXT.shareTitle} testId="share-voucher-page">
      {(voucher) => (
        <>
          <p className="transfer-card__voucher">
            Gutschein: <strong data-testid="share-voucher-title">{voucher.title}</strong>
          </p>
          <p>{TRANSFER_TEXT.shareIntro}</p>
          <p className="notice notice--warning" data-testid="share-note">
            {TRANSFER_TEXT.shareNote}
          </p>
          {voucher.active === false ? (
            <p className="notice notice--error" role="alert">
              {TRANSFER_TEXT.notTransferable}
            </p>
          ) : (
            <ShareLinkPanel kind={voucher.kind} voucherId={voucher.id} />
          )}
          <p className="field__hint">{TRANSFER_TEXT.replaceNote}</p>
        </>
      )}
    </TransferVoucherFrame>
  );
}
