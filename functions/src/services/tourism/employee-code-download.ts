import type * as z from 'zod/mini';
import type { employeeCodeDownloadSchema } from '@gm/shared/admin/tourism';
import type { Actor } from '../../lib/auth.ts';
import type { Deps } from '../deps.ts';
import { renderEmployeeCodeCards } from './employee-code-pdf.ts';
import { codesForDownload, type CodeDeps } from './employee-codes.ts';

/**
 * POST employee-code/download: the cards of one code or of the list's filter. The QR codes lead to the
 * registration on the tourism account's tenant (its subdomain), with the code filled in.
 */
export async function downloadEmployeeCodes(
  deps: CodeDeps & Pick<Deps, 'appUrl'>,
  actor: Actor,
  input: z.output<typeof employeeCodeDownloadSchema>,
): Promise<Uint8Array> {
  const { codes, scope } = await codesForDownload(deps, actor, input);
  const tourismAccount =
    scope.kind === 'tourism' ? scope.self : scope.tourismId ? await deps.users.get(scope.tourismId) : undefined;
  const company = tourismAccount ? await deps.companies.getBySeller(tourismAccount.id) : undefined;
  return renderEmployeeCodeCards({
    codes,
    appUrl: deps.appUrl,
    subdomain: tourismAccount?.subdomain ?? null,
    tourismName: company?.name ?? tourismAccount?.username ?? '',
  });
}
