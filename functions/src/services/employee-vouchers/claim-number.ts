import { randomBytes } from 'node:crypto';
import { CLAIM_ALPHABET, CLAIM_LENGTH } from '@gm/shared/tourism/employee-vouchers';

/** A fresh claim number: 8 chars Crockford base32 = 40 random bits (data-model §1). */
export function newClaimNo(): string {
  const bytes = randomBytes(CLAIM_LENGTH);
  let out = '';
  for (let i = 0; i < CLAIM_LENGTH; i++) out += CLAIM_ALPHABET[bytes[i]! & 31];
  return out;
}
