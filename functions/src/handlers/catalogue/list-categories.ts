import { categories } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';

export const handler = http('GET voucher-category', async () => json(200, { data: await categories().listTree() }));
