import { useMutation } from '@tanstack/react-query';
import {
  accountingExportSchema,
  outstandingVouchersRequestSchema,
  type AccountingExportRequest,
  type OutstandingVouchersRequest,
} from '@gm/shared/payouts/accounting';
import { requestExport } from '../../../lib/export-link.ts';

/** The accounting exports (issue 12): each answers a short-lived link to the file. */
export type AccountingExportKind = 'datev' | 'bmd' | 'outstanding';

const PATHS: Record<AccountingExportKind, string> = {
  datev: 'accounting/datev',
  bmd: 'accounting/bmd',
  outstanding: 'accounting/outstanding-vouchers',
};

export type AccountingExportArgs =
  { kind: 'datev' | 'bmd'; body: AccountingExportRequest } | { kind: 'outstanding'; body: OutstandingVouchersRequest };

/** POST accounting/datev | bmd | outstanding-vouchers with the shared contract → `{url, expires_in, filename}`. */
export function requestAccountingExport(args: AccountingExportArgs) {
  const body =
    args.kind === 'outstanding'
      ? outstandingVouchersRequestSchema.parse(args.body)
      : accountingExportSchema.parse(args.body);
  return requestExport(PATHS[args.kind], body);
}

/** An export is a download, not a change of server state: it invalidates nothing. */
export function useAccountingExport() {
  return useMutation({ mutationFn: requestAccountingExport });
}
