import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { clock, log, newId, resolve, users } from '../lib/deps.ts';
import { observedHandler } from '../lib/observability.ts';
import {
  FederatedSignInRefused,
  federatedSignIn,
  resolveFederatedUser,
} from '../services/auth/resolve-federated-user.ts';

/**
 * Cognito pre token generation trigger (V1, ID token). Password users pass through unchanged: their
 * `custom:user_id` attribute and group are set at registration. A social sign-in gets our user id
 * and the profile's role put into the ID token; throwing makes Cognito refuse the sign-in.
 */
export const handler = observedHandler(
  'pre-token-generation',
  async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
    try {
      const signIn = federatedSignIn(event.request.userAttributes);
      if (!signIn) return event;
      const user = await resolveFederatedUser(resolve({ users, clock, newId }), signIn);
      event.response = {
        claimsOverrideDetails: {
          claimsToAddOrOverride: { 'custom:user_id': user.id },
          groupOverrideDetails: { groupsToOverride: [user.role] },
        },
      };
      return event;
    } catch (error) {
      // Logged without the address (userName is Cognito's `<Provider>_<id>`); the throw makes Cognito refuse the sign-in.
      const refused = error instanceof FederatedSignInRefused;
      log().error(refused ? error.message : 'Social sign-in failed', {
        trigger: event.triggerSource,
        userName: event.userName,
        ...(refused ? {} : { error }),
      });
      throw refused ? error : new Error('Social sign-in failed');
    }
  },
);
