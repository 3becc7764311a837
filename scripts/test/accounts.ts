import { randomUUID } from 'node:crypto';
import { ORIGIN, type Origin } from '@gm/shared/admin/users';
import type { RoleName } from '@gm/shared/auth/roles';
import { createCognitoIdentity } from '../../functions/src/adapters/cognito-identity.ts';
import { cognitoClient, documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createUserRepository, type UserRecord } from '../../functions/src/repositories/user-repository.ts';
import { newUserRecord } from '../../functions/src/services/users/new-user.ts';

export type TestAccount = { userId: string; email: string; password: string; role: RoleName; token: string };

export const TEST_PASSWORD = 'Test1234!';

/** The origin each product path writes for the role (register form, seller registration, the seller's scanner, admin). */
const TEST_ORIGIN: Record<RoleName, Origin> = {
  user: ORIGIN.register,
  seller: ORIGIN.sellerRegistration,
  scanner: ORIGIN.seller,
  admin: ORIGIN.admin,
};

/** A signed-in account of any role, created through the same repository and identity code as the product. */
export async function createTestAccount(role: RoleName, overrides: Partial<UserRecord> = {}): Promise<TestAccount> {
  const e = env();
  const users = createUserRepository(documentClient(), e.TABLE_NAME);
  const identity = createCognitoIdentity(cognitoClient(), e.COGNITO_USER_POOL_ID, e.COGNITO_CLIENT_ID);
  const suffix = randomUUID().slice(0, 8);
  const user = newUserRecord(
    {
      id: `test-${role}-${suffix}`,
      username: `${role}-${suffix}`,
      email: `${role}-${suffix}@test.example`,
      role,
      first_name: 'Test',
      last_name: role,
      region_id: 1,
      ...overrides,
      origin: overrides.origin ?? TEST_ORIGIN[role],
    },
    new Date(),
  );
  await users.create(user);
  await identity.createAccount({ userId: user.id, email: user.email, password: TEST_PASSWORD, role });
  const token = await identity.signIn(user.email, TEST_PASSWORD);
  if (!token) throw new Error(`could not sign in test ${role}`);
  return { userId: user.id, email: user.email, password: TEST_PASSWORD, role, token };
}
