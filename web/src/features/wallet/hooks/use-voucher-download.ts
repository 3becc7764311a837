import { useState } from 'react';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchVoucherPdf, pdfFilenameOf } from '../api/wallet.ts';

/** Downloads a voucher PDF; on failure the 'Achtung!' dialog of 01 §8. `onDone` refreshes sent_via. */
export function useVoucherDownload(onDone?: () => void) {
  const dialog = useDialog();
  const [busyId, setBusyId] = useState<string | null>(null);
  /** True when the PDF was saved. */
  const download = async (voucher: { id: string; order_no: string; code: string }): Promise<boolean> => {
    setBusyId(voucher.id);
    try {
      saveBlob(await fetchVoucherPdf(voucher.id), pdfFilenameOf(voucher));
      onDone?.();
      return true;
    } catch {
      await dialog.warning(TEXT.genericError);
      return false;
    } finally {
      setBusyId(null);
    }
  };
  return { download, busyId };
}
