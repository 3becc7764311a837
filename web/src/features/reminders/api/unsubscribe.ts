import { useMutation } from '@tanstack/react-query';
import { unsubscribeAnswerSchema, unsubscribeRequestSchema } from '@gm/shared/admin/seller-mails';
import { api } from '../../../lib/api.ts';

/** POST reminders/unsubscribe {token}: no login; the token comes from the reminder mail's link. */
export async function unsubscribeFromReminders(token: string): Promise<string> {
  const body = unsubscribeRequestSchema.parse({ token });
  const answer = await api.request('reminders/unsubscribe', { method: 'POST', body, schema: unsubscribeAnswerSchema });
  return answer.message;
}

/** Nothing cached changes (the opt-out is not shown anywhere yet). */
export function useUnsubscribeFromReminders() {
  return useMutation({ mutationFn: unsubscribeFromReminders });
}
