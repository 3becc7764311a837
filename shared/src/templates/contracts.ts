import * as z from 'zod/mini';

/** A personalisation background offered to buyers (01 §3 "Template: id, name, image"); image is a `/media/…` path. */
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  status: z.boolean(),
  created_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** GET template: the active templates, newest first. */
export const templateListSchema = z.object({ data: z.array(templateSchema) });
