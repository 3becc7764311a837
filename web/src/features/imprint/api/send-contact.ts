import { contactRequestSchema, contactResponseSchema, type ContactInput } from '@gm/shared/contact/contracts';
import { api } from '../../../lib/api.ts';

export { contactRequestSchema };

/** POST contact (01 §7): the imprint's contact form, mailed to the operator. */
export function sendContact(input: ContactInput) {
  return api.request('contact', { method: 'POST', body: input, schema: contactResponseSchema });
}
