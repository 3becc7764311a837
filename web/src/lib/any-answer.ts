import * as z from 'zod/mini';

/** For answers that carry nothing the page reads (e.g. a DELETE): loaded with the change, not on the first load. */
export const anyAnswer = z.unknown();
