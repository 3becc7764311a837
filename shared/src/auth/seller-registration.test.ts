import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { PHOTO_TOO_LARGE } from '../uploads/contracts.ts';
import {
  ageOn,
  birthDateProblem,
  formatIban,
  isSellerRegistration,
  isValidBic,
  isValidIban,
  registrationModeOf,
  SELLER_TEXT,
  sellerRegistrationSchema,
  sellerStepSchemas,
  sniffImageType,
  todayInVienna,
} from './seller-registration.ts';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const photo = (name = 'front.jpg', type = 'image/jpeg', size = 120_000) => ({ name, type, size });

const sellerForm = (overrides: Record<string, unknown> = {}) => ({
  role_id: '2',
  username: 'Alpenhof Wellness',
  email: 'Office@Alpenhof.at',
  phone_number: '+43 512 123456',
  region_id: '2',
  password: 'Geheim123!',
  confirmPassword: 'Geheim123!',
  firstName: 'Maria',
  lastName: 'Huber',
  bday: '1980-04-12',
  id_front: photo(),
  id_back: photo('back.png', 'image/png'),
  id_additional: '',
  company_name: 'Alpenhof GmbH',
  description: 'Wellness mitten in den Bergen.',
  url: 'www.alpenhof.at',
  vat_number: 'ATU12345678',
  address: 'Dorfstraße 1',
  city: 'Innsbruck',
  zip_code: '6020',
  iban: 'at61 1904 3002 3457 3201',
  bic: 'bkauatww',
  dataPrivacy: 'true',
  terms: 'true',
  commission: 'true',
  ...overrides,
});

function errorsOf(mode: 'seller' | 'partner', form: Record<string, unknown>) {
  const result = sellerRegistrationSchema(mode).safeParse(form);
  expect(result.success).toBe(false);
  return toFieldErrors(result.error!);
}

describe('IBAN and BIC', () => {
  it('accepts valid SEPA IBANs with spaces and lower case, and rejects wrong check digits', () => {
    expect(isValidIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('AT61 1904 3002 3457 3202')).toBe(false);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
  });

  it('rejects a wrong length for the country and non-SEPA countries', () => {
    expect(isValidIban('AT6119043002345732011')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    // A US-style or made-up country code is no SEPA account.
    expect(isValidIban('XX611904300234573201')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('formats an IBAN in groups of four', () => {
    expect(formatIban('at611904300234573201')).toBe('AT61 1904 3002 3457 3201');
  });

  it('checks the BIC format (8 or 11 characters)', () => {
    expect(isValidBic('BKAUATWW')).toBe(true);
    expect(isValidBic('cobadeffxxx')).toBe(true);
    expect(isValidBic('BKAUATW')).toBe(false);
    expect(isValidBic('1KAUATWW')).toBe(false);
    expect(isValidBic('BKAUATWWXX')).toBe(false);
  });
});

describe('birth date', () => {
  it('counts full years on the given day', () => {
    expect(ageOn('2008-11-25', '2026-11-25')).toBe(18);
    expect(ageOn('2008-11-26', '2026-11-25')).toBe(17);
    expect(ageOn('2023-02-30', '2026-11-25')).toBeUndefined();
  });

  it('requires an adult and a real date', () => {
    expect(birthDateProblem('2008-11-26', '2026-11-25')).toBe(SELLER_TEXT.tooYoung);
    expect(birthDateProblem('2008-11-25', '2026-11-25')).toBeUndefined();
    expect(birthDateProblem('2030-01-01', '2026-11-25')).toBe(MSG.invalidDate);
    expect(birthDateProblem('12.04.1980', '2026-11-25')).toBe(MSG.invalidDate);
    expect(todayInVienna(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('ID documents', () => {
  it('recognises JPEG and PNG by their first bytes only', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(ascii('GIF89a'))).toBeUndefined();
    expect(sniffImageType(ascii('hello, not a png'))).toBeUndefined();
  });

  it('refuses other types and photos over 10 MB with the spec’s message', () => {
    const step = sellerStepSchemas('seller').verification;
    const base = { firstName: 'Maria', lastName: 'Huber', bday: '1980-04-12', id_back: photo() };
    const gif = step.safeParse({ ...base, id_front: photo('front.gif', 'image/gif') });
    expect(toFieldErrors(gif.error!).id_front).toEqual([SELLER_TEXT.documentType]);
    const huge = step.safeParse({ ...base, id_front: photo('front.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1) });
    expect(toFieldErrors(huge.error!).id_front).toEqual([PHOTO_TOO_LARGE]);
    const missing = step.safeParse({ ...base, id_front: '' });
    expect(toFieldErrors(missing.error!).id_front).toEqual([MSG.required]);
    expect(step.safeParse({ ...base, id_front: photo('FRONT.JPEG') }).success).toBe(true);
  });
});

describe('seller registration contract', () => {
  it('parses a complete seller form into account, owner, documents, company, payout and consents', () => {
    const parsed = sellerRegistrationSchema('seller').parse(sellerForm());
    expect(parsed.mode).toBe('seller');
    expect(parsed.account).toEqual({
      username: 'Alpenhof Wellness',
      email: 'office@alpenhof.at',
      password: 'Geheim123!',
      phone_number: '+43512123456',
      region_id: 2,
    });
    expect(parsed.owner).toEqual({ firstName: 'Maria', lastName: 'Huber', bday: '1980-04-12' });
    expect(parsed.documents?.front.name).toBe('front.jpg');
    expect(parsed.documents?.additional).toBeNull();
    expect(parsed.company).toMatchObject({
      name: 'Alpenhof GmbH',
      url: 'https://www.alpenhof.at',
      vat_number: 'ATU12345678',
    });
    expect(parsed.payout).toEqual({ iban: 'AT611904300234573201', bic: 'BKAUATWW' });
    expect(parsed.consents).toEqual({ dataPrivacy: true, terms: true, commission: true });
  });

  it('answers every broken field with a German message', () => {
    const errors = errorsOf(
      'seller',
      sellerForm({
        username: '',
        phone_number: '0512 abc',
        region_id: '',
        confirmPassword: 'Anders123!',
        bday: '2015-01-01',
        company_name: ' ',
        description: 'x'.repeat(801),
        url: 'kein link',
        iban: 'AT61 1904 3002 3457 3202',
        bic: 'BANK',
        commission: false,
      }),
    );
    expect(errors).toEqual({
      username: [MSG.required],
      phone_number: [MSG.numeric],
      region_id: [MSG.required],
      confirmPassword: [MSG.passwordMismatch],
      bday: [SELLER_TEXT.tooYoung],
      company_name: [MSG.required],
      description: [MSG.max(800)],
      url: [SELLER_TEXT.urlInvalid],
      iban: [SELLER_TEXT.ibanInvalid],
      bic: [SELLER_TEXT.bicInvalid],
      commission: [MSG.required],
    });
  });

  it('requires the privacy, terms and commission consents of a seller', () => {
    const errors = errorsOf('seller', sellerForm({ dataPrivacy: undefined, terms: 'false', commission: '' }));
    expect(Object.keys(errors).sort()).toEqual(['commission', 'dataPrivacy', 'terms']);
  });

  it('partner mode needs neither documents, company nor payout, and no commission consent', () => {
    const form = {
      role_id: 2,
      username: 'Talpartner',
      email: 'team@tal.at',
      phone_number: '0664123456',
      region_id: 1,
      password: 'Geheim123!',
      confirmPassword: 'Geheim123!',
      dataPrivacy: 'on',
      terms: true,
    };
    const parsed = sellerRegistrationSchema('partner').parse(form);
    expect(parsed).toMatchObject({
      mode: 'partner',
      owner: null,
      documents: null,
      company: null,
      payout: null,
      consents: { commission: false },
    });
    // Fields of skipped steps are ignored, even if a client sends them.
    expect(
      sellerRegistrationSchema('partner').parse({ ...form, iban: 'nonsense', id_front: photo('x.gif', 'image/gif') })
        .payout,
    ).toBeNull();
    const errors = errorsOf('partner', { ...form, terms: undefined });
    expect(errors).toEqual({ terms: [MSG.required] });
  });

  it('partner mode still needs the consents and the account fields', () => {
    const errors = errorsOf('partner', { role_id: 2 });
    expect(Object.keys(errors).sort()).toEqual([
      'confirmPassword',
      'dataPrivacy',
      'email',
      'password',
      'phone_number',
      'region_id',
      'terms',
      'username',
    ]);
  });

  it('a wizard step validates only its own fields', () => {
    const payout = sellerStepSchemas('partner').payout;
    expect(payout.safeParse({ dataPrivacy: true, terms: true }).success).toBe(true);
    const sellerPayout = sellerStepSchemas('seller').payout.safeParse({ dataPrivacy: true, terms: true });
    expect(Object.keys(toFieldErrors(sellerPayout.error!)).sort()).toEqual(['bic', 'commission', 'iban']);
  });

  it('tells seller and partner requests apart from buyer ones', () => {
    expect(isSellerRegistration({ role_id: '2' })).toBe(true);
    expect(isSellerRegistration({ role_id: 2 })).toBe(true);
    expect(isSellerRegistration({ role_id: 3 })).toBe(false);
    expect(isSellerRegistration({})).toBe(false);
    expect(registrationModeOf('partner')).toBe('partner');
    expect(registrationModeOf(undefined)).toBe('seller');
  });
});
