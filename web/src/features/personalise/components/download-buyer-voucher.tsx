import { useState } from 'react';
import { downloadBuyerVoucherRequestSchema } from '@gm/shared/wallet/buyer-voucher';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { API_BASE, buildUrl, toApiError } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** POST order/download-buyer-voucher → the PDF as a Blob (the JSON API client only reads JSON answers). */
async function fetchBuyerVoucherPdf(id: string): Promise<Blob> {
  const token = authStore.getSnapshot().token;
  const response = await fetch(buildUrl(API_BASE, 'order/download-buyer-voucher'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/pdf',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(downloadBuyerVoucherRequestSchema.parse({ id })),
  });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response.blob();
}

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
