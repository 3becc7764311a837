import { companies, resolve, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getSellerProfile } from '../../services/catalogue/get-seller-profile.ts';

export const handler = http('GET seller/{id}', async ({ params }) =>
  json(200, await getSellerProfile(resolve({ users, companies }), params.id ?? '')),
);
