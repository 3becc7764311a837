import { companies, payoutAccounts, resolve, users, verifications } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getUser } from '../../services/users/get-user.ts';

export const handler = http('GET user/{id}', async ({ actor, params }) =>
  json(200, await getUser(resolve({ users, companies, verifications, payoutAccounts }), actor, params.id ?? '')),
);
