import type * as z from 'zod';
import { messageResponseSchema, uniqueRequestSchema } from '@gm/shared/auth/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

export type UniqueField = z.output<typeof uniqueRequestSchema>['field'];
export type UniqueResult = { free: true } | { free: false; message: string };

const TAKEN: Record<UniqueField, string> = { email: MSG.emailTaken, username: MSG.usernameTaken };

/** POST auth/unique: 200 when the value is free, 422 with the field's message when taken (01 §5). */
export async function checkUnique(field: UniqueField, value: string, id?: string | null): Promise<UniqueResult> {
  const body = uniqueRequestSchema.parse({ field, model: 'user', entity: value, id: id ?? undefined });
  try {
    await api.request('auth/unique', { method: 'POST', body, schema: messageResponseSchema });
    return { free: true };
  } catch (error) {
    if (error instanceof ApiError && error.isValidation) {
      return { free: false, message: error.fieldError(field) ?? error.fieldError('entity') ?? TAKEN[field] };
    }
    throw error;
  }
}
