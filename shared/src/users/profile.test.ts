import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { changePasswordSchema, parseProfileInput, sellerProfileSchema } from './profile.ts';

const errorsOf = (result: { success: boolean; error?: Parameters<typeof toFieldErrors>[0] }) =>
  result.success ? {} : toFieldErrors(result.error!);

describe('profile contracts', () => {
  it('password change: each 8–16, repeat equal to new', () => {
    expect(
      changePasswordSchema.safeParse({
        current_password: 'Alt12345',
        new_password: 'Neu12345',
        repeat_password: 'Neu12345',
      }).success,
    ).toBe(true);
    const first = Object.fromEntries(
      Object.entries(
        errorsOf(
          changePasswordSchema.safeParse({
            current_password: '',
            new_password: 'kurz',
            repeat_password: 'x'.repeat(17),
          }),
        ),
      ).map(([k, v]) => [k, v[0]]),
    );
    // The form shows the first message per field.
    expect(first).toEqual({ current_password: MSG.required, new_password: MSG.min(8), repeat_password: MSG.max(16) });
    expect(
      errorsOf(
        changePasswordSchema.safeParse({
          current_password: 'Alt12345',
          new_password: 'Neu12345',
          repeat_password: 'Neu12346',
        }),
      ),
    ).toEqual({
      repeat_password: [MSG.passwordMismatch],
    });
  });

  it('seller profile: IBAN and BIC as in the registration, both or neither', () => {
    const base = {
      version: 0,
      email: 'a@b.at',
      phone_number: '+43 512 1234',
      region_id: '2',
      company_name: 'Alpenhof',
    };
    const ok = sellerProfileSchema.parse({
      ...base,
      iban: 'at61 1904 3002 3457 3201',
      bic: 'obklat2l',
      url: 'www.alpenhof.at',
    });
    expect(ok).toMatchObject({
      iban: 'AT611904300234573201',
      bic: 'OBKLAT2L',
      url: 'https://www.alpenhof.at',
      region_id: 2,
      section: 'profile',
    });
    expect(sellerProfileSchema.parse({ ...base, iban: '', bic: '' })).toMatchObject({
      iban: undefined,
      bic: undefined,
    });
    expect(errorsOf(sellerProfileSchema.safeParse({ ...base, iban: 'AT611904300234573201' }))).toEqual({
      bic: [MSG.required],
    });
    expect(errorsOf(sellerProfileSchema.safeParse({ ...base, company_name: '', phone_number: 'abc' }))).toMatchObject({
      company_name: [MSG.required],
      phone_number: [MSG.numeric],
    });
  });

  it('picks the form by role and section', () => {
    expect(parseProfileInput('user', { version: 0, email: 'a@b.at', firstName: 'A', lastName: 'B' })).toMatchObject({
      success: true,
      data: { kind: 'buyer' },
    });
    expect(errorsOf(parseProfileInput('user', { version: 0, email: 'a@b.at' }) as never)).toMatchObject({
      firstName: [MSG.required],
      lastName: [MSG.required],
    });
    expect(parseProfileInput('scanner', { version: 0, email: 'a@b.at' })).toMatchObject({
      success: true,
      data: { kind: 'account' },
    });
    const verification = parseProfileInput('seller', {
      section: 'verification',
      version: 1,
      firstName: 'M',
      lastName: 'H',
      bday: '1980-04-12',
    });
    expect(verification).toMatchObject({ success: true, data: { kind: 'verification', bday: '1980-04-12' } });
  });
});
