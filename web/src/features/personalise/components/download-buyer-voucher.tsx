import { useState } from 'react';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchBuyerVoucherPdf } from '../api/personalise.ts';

/** 'Herunterladen' of a buyer-designed voucher; a failure shows the spec's download warning (01 §8). */
export function DownloadBuyerVoucherButton({ id }: { id: string }) {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveBlob(await fetchBuyerVoucherPdf(id), `Gutschein-${id.slice(0, 8)}.pdf`);
    } catch (error) {
      console.error('Download failed', error);
      await dialog.warning(TEXT.genericError);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={download}
      disabled={busy}
      data-testid="buyer-voucher-download"
    >
      {busy && <Spinner size="sm" />}
      {WALLET_TEXT.download}
    </button>
  );
}
