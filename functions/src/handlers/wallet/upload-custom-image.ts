import { uploadCustomImageRequestSchema } from '@gm/shared/wallet/personalisation';
import { clock, newToken, personalisations, resolve, templates, uploads, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { personaliseCustomImage } from '../../services/wallet/personalise-voucher.ts';

/** POST user-voucher/upload-custom-image/{id} {upload_id, version}: the own photo becomes the background. */
export const handler = http('POST user-voucher/upload-custom-image/{id}', async ({ actor, body, params }) => {
  const input = parse(uploadCustomImageRequestSchema, body);
  return json(
    200,
    await personaliseCustomImage(
      resolve({ userVouchers, personalisations, templates, uploads, newToken, clock }),
      actor,
      params.id ?? '',
      input,
    ),
  );
});
