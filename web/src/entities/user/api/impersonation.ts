import { useMutation } from '@tanstack/react-query';

/**
 * Impersonation (03 §2 "take this user's role"): `mutate(userId)` switches the session to that user
 * and hard-navigates to /home. Interface fixed for the /users screen; the implementation is being
 * built in issue 11 (POST auth/change-role, the 'Admin: {name}' banner, the way back).
 */
export function useImpersonate() {
  return useMutation({
    mutationFn: async (userId: string): Promise<void> => {
      throw new Error(`Impersonation of ${userId} is not available yet.`);
    },
  });
}
