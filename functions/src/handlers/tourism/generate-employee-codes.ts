import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { TOURISM_TEXT, generateEmployeeCodesSchema } from '@gm/shared/admin/tourism';
import { clock, companies, idempotency, resolve, tourism, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { idempotencyKey, requestHash, withIdempotency } from '../../services/idempotency.ts';
import { generateEmployeeCodes } from '../../services/tourism/employee-codes.ts';

/**
 * POST employee-code/generate {max, partnerID} (tourism account or partner with can_generate; 03 §7).
 * Idempotency-Key required: a repeated request answers the codes of the first one.
 */
export const handler = http('POST employee-code/generate', async ({ actor, body, headers }) => {
  const key = idempotencyKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const input = parse(generateEmployeeCodesSchema, body);
  const deps = resolve({ users, companies, tourism, clock, idempotency });
  const answer = await withIdempotency(
    deps,
    actor.userId,
    key,
    requestHash('POST employee-code/generate', body),
    async () => ({ statusCode: 201, body: await generateEmployeeCodes(deps, actor, input) }),
    TOURISM_TEXT.generateInProgress,
  );
  return json(answer.statusCode, answer.body);
});
