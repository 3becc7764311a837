import { employeeCodeDownloadSchema } from '@gm/shared/admin/tourism';
import { appUrl, clock, companies, resolve, tourism, users } from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadEmployeeCodes } from '../../services/tourism/employee-code-download.ts';

/** POST employee-code/download {code?, keyword?, partnerID?}: printable cards with QR codes as PDF (03 §2). */
export const handler = http('POST employee-code/download', async ({ actor, body }) => {
  const input = parse(employeeCodeDownloadSchema, body ?? {});
  const pdf = await downloadEmployeeCodes(resolve({ users, companies, tourism, clock, appUrl }), actor, input);
  return file(pdf, 'application/pdf', 'mitarbeiter-codes.pdf');
});
