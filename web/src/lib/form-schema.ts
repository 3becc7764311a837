import * as z from 'zod/mini';
import type { FieldValues } from 'react-hook-form';

/**
 * The resolver schema of a form whose fields hold `V` (text as typed, '' for empty, booleans for
 * checkboxes) while the shared contract parses them: input `V`, output the contract's. The contract
 * stays the one definition of the rules and messages; `V` only says what the fields hold.
 *
 *   const schema = formSchema<Values>()(sellerProfileSchema);
 */
export function formSchema<V extends FieldValues>() {
  return <S extends z.ZodMiniType<FieldValues>>(contract: S) =>
    z.pipe(
      z.pipe(
        z.custom<V>(),
        z.transform((values): unknown => values),
      ),
      contract,
    );
}
