import { uniqueRequestSchema } from '@gm/shared/auth/contracts';
import { resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { checkUnique } from '../../services/auth/check-unique.ts';

export const handler = http('POST auth/unique', async ({ body }) => {
  const input = parse(uniqueRequestSchema, body);
  return json(200, await checkUnique(resolve({ users }), input));
});
