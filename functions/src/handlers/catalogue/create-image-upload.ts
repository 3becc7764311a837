import { imageUploadRequestSchema } from '@gm/shared/uploads/contracts';
import { uploads } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';

export const handler = http('POST upload/image', async ({ actor, body }) => {
  const input = parse(imageUploadRequestSchema, body);
  return json(201, await uploads().grant(actor, input));
});
