import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { RoleName } from '@gm/shared/auth/roles';

/** What the services need from the identity provider; Cognito here, a fake in unit tests. */
export type Identity = {
  createAccount(input: { userId: string; email: string; password: string; role: RoleName }): Promise<void>;
  deleteAccount(email: string): Promise<void>;
  /** The ID token for valid credentials; undefined for any wrong e-mail or password (never says which). */
  signIn(email: string, password: string): Promise<string | undefined>;
  /** Like signIn, with the refresh token of a new session (issue 14). */
  startSession(email: string, password: string): Promise<{ idToken: string; refreshToken: string } | undefined>;
  /** A new ID token for a refresh token; undefined once Cognito refuses it (revoked, expired, user gone). */
  refresh(refreshToken: string): Promise<string | undefined>;
  /** Revokes a refresh token (and, on AWS, the tokens it issued); an unknown token is already revoked. */
  revoke(refreshToken: string): Promise<void>;
  setPassword(email: string, password: string): Promise<void>;
  /** Moves the account's sign-in e-mail (the pool signs in by e-mail, so the new address works at once). */
  changeEmail(currentEmail: string, newEmail: string): Promise<void>;
  /**
   * Whether a password user of the pool signs in with this e-mail (so `changeEmail` can move it).
   * False for a social-login account: its Cognito user is the federated `<Provider>_<id>`, which
   * Cognito does not let us rename (docs/decisions/accounts.md).
   */
  hasPasswordSignIn(email: string): Promise<boolean>;
};

const WRONG_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
]);

export function createCognitoIdentity(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  clientId: string,
): Identity {
  async function passwordAuth(email: string, password: string) {
    try {
      const result = await client.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      return result.AuthenticationResult;
    } catch (error) {
      // cognito-local answers InvalidPasswordException where Cognito answers NotAuthorizedException: same to us.
      if (WRONG_CREDENTIALS.has((error as Error).name)) return undefined;
      throw error;
    }
  }

  return {
    async createAccount({ userId, email, password, role }) {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'custom:user_id', Value: userId },
          ],
        }),
      );
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: email,
          Password: password,
          Permanent: true,
        }),
      );
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: role }));
    },

    async deleteAccount(email) {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }));
    },

    async signIn(email, password) {
      return (await passwordAuth(email, password))?.IdToken;
    },

    async startSession(email, password) {
      const result = await passwordAuth(email, password);
      if (!result?.IdToken || !result.RefreshToken) return undefined;
      return { idToken: result.IdToken, refreshToken: result.RefreshToken };
    },

    async refresh(refreshToken) {
      try {
        const result = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken },
          }),
        );
        return result.AuthenticationResult?.IdToken;
      } catch (error) {
        if (WRONG_CREDENTIALS.has((error as Error).name)) return undefined;
        throw error;
      }
    },

    async revoke(refreshToken) {
      try {
        await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }));
      } catch (error) {
        // cognito-local answers NotAuthorized for a token it no longer holds: revoked either way.
        if ((error as Error).name !== 'NotAuthorizedException') throw error;
      }
    },

    async setPassword(email, password) {
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: email,
          Password: password,
          Permanent: true,
        }),
      );
    },

    async changeEmail(currentEmail, newEmail) {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: currentEmail,
          // The address was checked by us (unique, typed by the signed-in owner); no confirmation code round trip.
          UserAttributes: [
            { Name: 'email', Value: newEmail },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },

    async hasPasswordSignIn(email) {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
        return user.UserStatus !== 'EXTERNAL_PROVIDER' && !user.UserAttributes?.some((a) => a.Name === 'identities');
      } catch (error) {
        if ((error as Error).name === 'UserNotFoundException') return false;
        throw error;
      }
    },
  };
}
