import { uploadTemplateRequestSchema } from '@gm/shared/wallet/personalisation';
import { clock, newToken, personalisations, resolve, templates, uploads, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { personaliseTemplate } from '../../services/wallet/personalise-voucher.ts';

/** POST user-voucher/upload-template/{id} {template_id, version}: an admin template becomes the background. */
export const handler = http('POST user-voucher/upload-template/{id}', async ({ actor, body, params }) => {
  const input = parse(uploadTemplateRequestSchema, body);
  return json(
    200,
    await personaliseTemplate(
      resolve({ userVouchers, personalisations, templates, uploads, newToken, clock }),
      actor,
      params.id ?? '',
      input,
    ),
  );
});
