import { authResponseSchema } from '@gm/shared/auth/contracts';
import type { SellerRegistrationMode } from '@gm/shared/auth/seller-registration';
import { api } from '../../../lib/api.ts';
import { sellerFormData, type SellerFormValues } from '../seller-registration-form.ts';

/** POST auth/register as seller or partner (role 2), multipart with the ID photos → token, user, message (02 §7). */
export function registerSeller(values: SellerFormValues, mode: SellerRegistrationMode) {
  return api.request('auth/register', {
    method: 'POST',
    body: sellerFormData(values, mode),
    schema: authResponseSchema,
  });
}
