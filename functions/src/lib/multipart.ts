import { ValidationError } from './errors.ts';

/** A file from a multipart body; shaped like the browser's `File` plus its bytes. */
export type UploadedFile = { name: string; type: string; size: number; bytes: Uint8Array };

export type FormFields = Record<string, string | UploadedFile>;

const MALFORMED = 'Die Formulardaten konnten nicht gelesen werden.';

/**
 * Parses a multipart/form-data body with the runtime's own parser (undici's `Response.formData()`),
 * so no dependency is needed. Text fields become strings, files `UploadedFile`s. An empty file
 * input (no name, no bytes) becomes '', like an empty text field. A repeated name keeps its last value.
 */
export async function parseMultipart(body: Uint8Array, contentType: string): Promise<FormFields> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationError({ _: [MALFORMED] }, MALFORMED);
  }
  const fields: FormFields = {};
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    else if (value.size === 0 && !value.name) fields[name] = '';
    else
      fields[name] = {
        name: value.name,
        type: value.type,
        size: value.size,
        bytes: new Uint8Array(await value.arrayBuffer()),
      };
  }
  return fields;
}
