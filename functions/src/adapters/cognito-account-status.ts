import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';

/** A social identity Cognito linked to an account (its read-only `identities` attribute). */
export type LinkedIdentity = { provider: string; subject: string };

/**
 * Enables, disables and deletes Cognito accounts (scanner staff, issue 6; account deletion, issue 11).
 * Idempotent: each call sets the wanted state.
 */
export type AccountStatus = {
  setEnabled(email: string, enabled: boolean): Promise<void>;
  /** The social identities of every Cognito user with this e-mail (none for a password-only account). */
  linkedIdentities(email: string): Promise<LinkedIdentity[]>;
  /**
   * Deletes every Cognito user with this e-mail: the password user and federated `<Provider>_<id>`
   * users alike (AdminDeleteUser). Users already gone are fine, so a rerun finishes the job.
   */
  deleteAccounts(email: string): Promise<void>;
};

const attribute = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

function identitiesOf(user: UserType): LinkedIdentity[] {
  const raw = attribute(user, 'identities');
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    return list.flatMap((entry: { providerName?: unknown; userId?: unknown }) =>
      typeof entry?.providerName === 'string' && typeof entry.userId === 'string'
        ? [{ provider: entry.providerName.toLowerCase(), subject: entry.userId }]
        : [],
    );
  } catch {
    return [];
  }
}

export function createCognitoAccountStatus(client: CognitoIdentityProviderClient, userPoolId: string): AccountStatus {
  async function usersWithEmail(email: string): Promise<UserType[]> {
    const users: UserType[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListUsersCommand({
          UserPoolId: userPoolId,
          Filter: `email = "${email.toLowerCase().replace(/["\\]/g, '')}"`,
          ...(token ? { PaginationToken: token } : {}),
        }),
      );
      users.push(...(page.Users ?? []));
      token = page.PaginationToken;
    } while (token);
    return users;
  }

  async function deleteUser(username: string): Promise<void> {
    try {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    } catch (error) {
      if ((error as Error).name !== 'UserNotFoundException') throw error;
    }
  }

  return {
    async setEnabled(email, enabled) {
      const input = { UserPoolId: userPoolId, Username: email.toLowerCase() };
      await client.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
    },

    async linkedIdentities(email) {
      return (await usersWithEmail(email)).flatMap(identitiesOf);
    },

    async deleteAccounts(email) {
      const users = await usersWithEmail(email);
      for (const user of users) if (user.Username) await deleteUser(user.Username);
      // The pool signs in by e-mail: the password user is also reachable by its address (a filter miss).
      await deleteUser(email.toLowerCase());
    },
  };
}
