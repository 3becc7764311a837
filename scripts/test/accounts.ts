import { randomUUID } from 'node:crypto';
import type { RoleName } from '@gm/shared/auth/roles';
import { createCognitoIdentity } from '../../functions/src/adapters/cognito-identity.ts';
import { cognitoClient, documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createUserRepository, type UserRecord } from '../../functions/src/repositories/user-repository.ts';
import { newUserRecord } from '../../functions/src/services/users/new-user.ts';

export type TestAccount = { userId: string; email: string; password: string; role: RoleName; token: string };

export const TEST_PASSWORD = 'Test1234!';

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
    },
    new Date(),
  );
  await users.create(user);
  await identity.createAccount({ userId: user.id, email: user.email, password: TEST_PASSWORD, role });
  const token = await identity.signIn(user.email, TEST_PASSWORD);
  if (!token) throw new Error(`could not sign in test ${role}`);
  return { userId: user.id, email: user.email, password: TEST_PASSWORD, role, token };
}
