import type * as z from 'zod/mini';
import type { QueryClient } from '@tanstack/react-query';
import { messageResponseSchema, uniqueRequestSchema } from '@gm/shared/auth/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { userKeys } from './user.ts';

export type UniqueField = z.output<typeof uniqueRequestSchema>['field'];
export type UniqueResult = { free: true } | { free: false; message: string };

const TAKEN: Record<UniqueField, string> = { email: MSG.emailTaken, username: MSG.usernameTaken };

/** An answer stays valid for a minute: the server checks again on submit anyway. */
const UNIQUE_STALE_MS = 60_000;

/** POST auth/unique: 200 when the value is free, 422 with the field's message when taken (01 §5). */
export async function checkUnique(
  field: UniqueField,
  value: string,
  id?: string | null,
  signal?: AbortSignal,
): Promise<UniqueResult> {
  const body = uniqueRequestSchema.parse({ field, model: 'user', entity: value, id: id ?? undefined });
  try {
    await api.request('auth/unique', { method: 'POST', body, schema: messageResponseSchema, signal });
    return { free: true };
  } catch (error) {
    if (error instanceof ApiError && error.isValidation) {
      return { free: false, message: error.fieldError(field) ?? error.fieldError('entity') ?? TAKEN[field] };
    }
    throw error;
  }
}

/** The answer for one value through the query cache, so each value is asked once (blur, 'Weiter', submit). */
export function fetchUnique(client: QueryClient, field: UniqueField, value: string, id: string | null = null) {
  return client.fetchQuery({
    queryKey: userKeys.unique(field, value, id),
    queryFn: ({ signal }) => checkUnique(field, value, id, signal),
    staleTime: UNIQUE_STALE_MS,
  });
}
