import { useMutation } from '@tanstack/react-query';
import {
  newsletterAnswerSchema,
  newsletterCsvFileName,
  newsletterSignUpSchema,
  newsletterTokenSchema,
  type NewsletterSignUpInput,
} from '@gm/shared/admin/newsletter';
import { api } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

export { newsletterSignUpSchema };

/** POST newsletter: the double opt-in's first step (popup and footer); no login. */
export async function signUpForNewsletter(input: NewsletterSignUpInput): Promise<string> {
  const answer = await api.request('newsletter', { method: 'POST', body: input, schema: newsletterAnswerSchema });
  return answer.message;
}

/** POST newsletter/confirm {token}: the confirmation link of the mail; single use. */
export async function confirmNewsletter(token: string): Promise<string> {
  const body = newsletterTokenSchema.parse({ token });
  const answer = await api.request('newsletter/confirm', { method: 'POST', body, schema: newsletterAnswerSchema });
  return answer.message;
}

/** POST newsletter/unsubscribe {token}: the unsubscribe link of every newsletter mail. */
export async function unsubscribeFromNewsletter(token: string): Promise<string> {
  const body = newsletterTokenSchema.parse({ token });
  const answer = await api.request('newsletter/unsubscribe', {
    method: 'POST',
    body,
    schema: newsletterAnswerSchema,
  });
  return answer.message;
}

/** GET newsletter/download-csv (admin): the confirmed subscribers, saved as a file. */
export async function downloadNewsletterCsv(): Promise<void> {
  const blob = await api.download('newsletter/download-csv', { method: 'GET', accept: 'text/csv' });
  saveBlob(blob, newsletterCsvFileName(new Date().toISOString().slice(0, 10)));
}

// Nothing cached changes with these calls: no query keys to invalidate.
export const useNewsletterSignUp = () => useMutation({ mutationFn: signUpForNewsletter });
export const useConfirmNewsletter = () => useMutation({ mutationFn: confirmNewsletter });
export const useUnsubscribeFromNewsletter = () => useMutation({ mutationFn: unsubscribeFromNewsletter });
export const useDownloadNewsletterCsv = () => useMutation({ mutationFn: downloadNewsletterCsv });
