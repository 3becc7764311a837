import { changePasswordSchema } from '@gm/shared/users/profile';
import { identity, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { assertOwnProfile } from '../../services/profile/update-profile.ts';
import { changePassword } from '../../services/profile/change-password.ts';

export const handler = http('PATCH user/change-password/{id}', async ({ actor, params, body }) => {
  const id = params.id ?? '';
  // Someone else's account is refused before the body is looked at.
  assertOwnProfile(actor, id);
  return json(200, await changePassword(resolve({ users, identity }), actor, id, parse(changePasswordSchema, body)));
});
