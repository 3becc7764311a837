import { VOUCHER_TEXT, toVoucherCard, type VoucherCard } from '@gm/shared/catalogue/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteVoucher, useToggleVoucherStatus } from '../api/seller-vouchers.ts';

/** Success dialogs close on their own after 1 s (02 §9). */
const SUCCESS_MS = 1000;

/**
 * Activate/deactivate and delete with the spec's confirmations (02 §4, §8): each asks first, then shows
 * 'Erfolgreich!' with the server's message, or 'Warnung!' with the server's error. The mutations update
 * the cached list and statistics themselves.
 */
export function useVoucherActions() {
  const dialog = useDialog();
  const toggleStatus = useToggleVoucherStatus();
  const deleteVoucher = useDeleteVoucher();

  async function run<T>(action: () => Promise<T>): Promise<T | null> {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Voucher action failed', error);
      await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
      return null;
    }
  }

  /** Resolves with the voucher's new card state, or null when cancelled or failed. */
  async function toggle(voucher: Pick<VoucherCard, 'id' | 'is_active'>): Promise<VoucherCard | null> {
    const deactivate = voucher.is_active;
    const confirmed = await dialog.confirm(deactivate ? VOUCHER_TEXT.confirmDeactivate : VOUCHER_TEXT.confirmActivate, {
      confirmLabel: deactivate ? 'Deaktivieren' : 'Aktivieren',
    });
    if (!confirmed) return null;
    const answer = await run(() => toggleStatus.mutateAsync(voucher.id));
    if (!answer) return null;
    void dialog.success(answer.message, { autoCloseMs: SUCCESS_MS });
    return toVoucherCard(answer.voucher);
  }

  /** Resolves true once the voucher is deleted. */
  async function remove(voucher: Pick<VoucherCard, 'id'>): Promise<boolean> {
    const confirmed = await dialog.confirm(VOUCHER_TEXT.confirmDelete, {
      title: VOUCHER_TEXT.deleteTitle,
      confirmLabel: 'Löschen',
    });
    if (!confirmed) return false;
    const answer = await run(() => deleteVoucher.mutateAsync(voucher.id));
    if (!answer) return false;
    void dialog.success(answer.message, { autoCloseMs: SUCCESS_MS });
    return true;
  }

  return { toggle, remove, busy: toggleStatus.isPending || deleteVoucher.isPending };
}
