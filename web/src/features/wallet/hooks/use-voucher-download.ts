import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { useDownloadVoucher } from '../api/wallet.ts';

/** Downloads a voucher PDF; on failure the 'Achtung!' dialog of 01 §8. `busyId` is the voucher being downloaded. */
export function useVoucherDownload() {
  const dialog = useDialog();
  const mutation = useDownloadVoucher();
  /** True when the PDF was saved. */
  const download = async (voucher: { id: string; order_no: string; code: string }): Promise<boolean> => {
    try {
      await mutation.mutateAsync(voucher);
      return true;
    } catch {
      await dialog.warning(TEXT.genericError);
      return false;
    }
  };
  return { download, busyId: mutation.isPending ? mutation.variables.id : null };
}
