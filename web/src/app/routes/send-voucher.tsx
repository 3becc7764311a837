import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { SendVoucherForm } from '../../features/transfer/components/send-voucher-form.tsx';
import { TransferVoucherFrame } from '../../features/transfer/components/transfer-voucher-frame.tsx';

/** /vouchers/send/{userVoucherId} and /vouchers/send-email/{userVoucherId} (?type=buyer): send by e-mail (01 §2). */
export default function SendVoucherPage() {
  return (
    <TransferVoucherFrame title={TRANSFER_TEXT.sendTitle} testId="send-voucher-page">
      {(voucher) => (
        <>
          <p className="transfer-card__voucher">
            Gutschein: <strong>{voucher.title}</strong>
          </p>
          <p className="notice notice--info">{TRANSFER_TEXT.sendNote}</p>
          <SendVoucherForm kind={voucher.kind} voucherId={voucher.id} />
        </>
      )}
    </TransferVoucherFrame>
  );
}
