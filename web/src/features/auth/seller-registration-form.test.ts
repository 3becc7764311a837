import { describe, expect, it } from 'vitest';
import { SELLER_TEXT } from '@gm/shared/auth/seller-registration';
import { MSG } from '@gm/shared/validation/messages';
import type { SellerRegistrationMode, SellerStepId } from '@gm/shared/auth/seller-registration';
import {
  fieldsOfStep,
  firstStepWithError,
  INITIAL_SELLER_VALUES,
  sellerFormData,
  sellerWizardSchema,
  type SellerFormValues,
} from './seller-registration-form.ts';

/** The first message per field of one step, as 'Weiter' (trigger on the step's fields) shows them. */
function validateStep(step: SellerStepId, values: SellerFormValues, mode: SellerRegistrationMode) {
  const result = sellerWizardSchema(mode).safeParse(values);
  const fields = fieldsOfStep(step, mode);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    if (fields.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

const complete: SellerFormValues = {
  ...INITIAL_SELLER_VALUES,
  username: 'Alpenhof',
  email: 'office@alpenhof.at',
  phone_number: '0512 123456',
  region_id: '2',
  password: 'Geheim123!',
  confirmPassword: 'Geheim123!',
  firstName: 'Maria',
  lastName: 'Huber',
  bday: '1980-04-12',
  id_front: png('vorne.png'),
  id_back: png('hinten.png'),
  company_name: 'Alpenhof GmbH',
  iban: 'AT61 1904 3002 3457 3201',
  bic: 'BKAUATWW',
  dataPrivacy: true,
  terms: true,
  commission: true,
};

describe('seller registration wizard', () => {
  it('validates only the current step’s fields', () => {
    const values = {
      ...INITIAL_SELLER_VALUES,
      username: 'Alpenhof',
      email: 'office@alpenhof.at',
      phone_number: '0512123456',
      region_id: '1',
      password: 'Geheim123!',
      confirmPassword: 'Geheim123!',
    };
    expect(validateStep('account', values, 'seller')).toEqual({});
    const verification = validateStep('verification', values, 'seller');
    expect(Object.keys(verification)).toEqual(['firstName', 'lastName', 'bday', 'id_front', 'id_back']);
    expect(verification.id_front).toBe(MSG.required);
  });

  it('reports the password mismatch together with the other errors of step 1', () => {
    const errors = validateStep(
      'account',
      { ...INITIAL_SELLER_VALUES, password: 'Geheim123!', confirmPassword: 'Geheim123?' },
      'seller',
    );
    expect(errors).toMatchObject({
      username: MSG.required,
      email: MSG.required,
      confirmPassword: MSG.passwordMismatch,
    });
  });

  it('shows the spec’s messages for a broken payout step; partners have no payout fields', () => {
    const errors = validateStep('payout', { ...complete, iban: 'AT00 1234', commission: false }, 'seller');
    expect(errors).toEqual({ iban: SELLER_TEXT.ibanInvalid, commission: MSG.required });
    expect(validateStep('payout', { ...INITIAL_SELLER_VALUES, dataPrivacy: true, terms: true }, 'partner')).toEqual({});
    expect(fieldsOfStep('payout', 'partner')).toEqual(['dataPrivacy', 'terms']);
  });

  it('finds the first step with a server error', () => {
    expect(firstStepWithError({ bic: 'x', id_back: 'y' }, 'seller')).toBe('verification');
    expect(firstStepWithError({ username: 'vergeben' }, 'partner')).toBe('account');
    expect(firstStepWithError({ _: 'x' }, 'seller')).toBeUndefined();
  });

  it('builds the multipart body with files, consents and the partner switch', () => {
    const seller = sellerFormData(complete, 'seller');
    expect(seller.get('role_id')).toBe('2');
    expect(seller.get('registrationType')).toBeNull();
    expect((seller.get('id_front') as File).name).toBe('vorne.png');
    expect(seller.get('commission')).toBe('true');
    expect(seller.get('iban')).toBe('AT61 1904 3002 3457 3201');

    const partner = sellerFormData(complete, 'partner');
    expect(partner.get('registrationType')).toBe('partner');
    expect(partner.get('id_front')).toBeNull();
    expect(partner.get('iban')).toBeNull();
    expect(partner.get('commission')).toBeNull();
    expect(partner.get('terms')).toBe('true');
  });
});
