import * as z from 'zod/mini';

/** Error bodies: 422 carries a field → messages map, everything else a message (01 §7). */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const messageErrorSchema = z.object({ message: z.string() });
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;
