import { redemptionIdRequestSchema } from '@gm/shared/redemption/contracts';
import { companies, redemptions, resolve } from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadRedemptionPdf } from '../../services/redemption/redemption-pdf.ts';

/** POST redemption/download-pdf {id} → the redemption receipt as PDF. */
export const handler = http('POST redemption/download-pdf', async ({ actor, body }) => {
  const { id } = parse(redemptionIdRequestSchema, body);
  const { filename, pdf } = await downloadRedemptionPdf(resolve({ redemptions, companies }), actor, id);
  return file(pdf, 'application/pdf', filename);
});
