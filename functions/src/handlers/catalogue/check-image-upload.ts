import { uploads } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { checkImage } from '../../services/uploads/image-check.ts';

/** The only route that decodes uploads: its bundle alone carries image-check.ts and jpeg-js. */
export const handler = http('POST upload/image/{id}/check', async ({ actor, params }) =>
  json(200, await uploads().check(actor, params.id ?? '', checkImage)),
);
