import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

/** Enables or disables a Cognito account (scanner staff, issue 6). Idempotent: it sets the wanted state. */
export type AccountStatus = {
  setEnabled(email: string, enabled: boolean): Promise<void>;
};

export function createCognitoAccountStatus(client: CognitoIdentityProviderClient, userPoolId: string): AccountStatus {
  return {
    async setEnabled(email, enabled) {
      const input = { UserPoolId: userPoolId, Username: email.toLowerCase() };
      await client.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
    },
  };
}
