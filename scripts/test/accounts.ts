import { randomUUID } from 'node:crypto';
import type { RoleName } from '@gm/shared/auth/roles';
import { createCognitoIdentity } from '../../functions/src/adapters/cognito-identity.ts';
import { cognitoClient, documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createUserRepository, type UserRecord } from '../../functions/src/repositories/user-repository.ts';

export type TestAccount = { userId: string; email: string; password: string; role: RoleName; token: string };

export const TEST_PASSWORD = 'Test1234!';

/** A signed-in account of any role, created through the same repository and identity code as the product. */
export async function createTestAccount(role: RoleName, overrides: Partial<UserRecord> = {}): Promise<TestAccount> {
  const e = env();
  const users = createUserRepository(documentClient(), e.TABLE_NAME);
  const identity = createCognitoIdentity(cognitoClient(), e.COGNITO_USER_POOL_ID, e.COGNITO_CLIENT_ID);
  const suffix = randomUUID().slice(0, 8);
  const now = new Date().toISOString();
  const user: UserRecord = {
    id: `test-${role}-${suffix}`,
    username: `${role}-${suffix}`,
    email: `${role}-${suffix}@test.example`,
    role,
    first_name: 'Test',
    last_name: role,
    address: null,
    city: null,
    zip_code: null,
    phone_number: null,
    region_id: 1,
    is_activated: true,
    is_tourism: false,
    is_partner: false,
    can_generate: false,
    gift_locked: false,
    is_custom_auth: false,
    order_email: null,
    subdomain: null,
    seller_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await users.create(user);
  await identity.createAccount({ userId: user.id, email: user.email, password: TEST_PASSWORD, role });
  const token = await identity.signIn(user.email, TEST_PASSWORD);
  if (!token) throw new Error(`could not sign in test ${role}`);
  return { userId: user.id, email: user.email, password: TEST_PASSWORD, role, token };
}
