import * as z from 'zod/mini';
import { ROLE_IDS } from '@gm/shared/auth/roles';
import {
  DOCUMENT_FIELDS,
  ID_PHOTO_MAX_SIDE,
  ID_PHOTO_QUALITY,
  MAX_REGISTRATION_FILES_BYTES,
  SELLER_STEP_FIELDS,
  sellerRegistrationSteps,
  sellerStepSchemas,
  type DocumentField,
  type SellerRegistrationMode,
  type SellerStepId,
} from '@gm/shared/auth/seller-registration';
import { MSG } from '@gm/shared/validation/messages';
import type { Encoding } from '../../lib/downscale-image.ts';
import { withPasswordMatch } from './password-match.ts';

/** The wizard's values: text inputs as typed, consents as booleans, ID photos as (downscaled) files. */
export type SellerFormValues = {
  username: string;
  email: string;
  phone_number: string;
  region_id: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  bday: string;
  company_name: string;
  description: string;
  url: string;
  vat_number: string;
  address: string;
  zip_code: string;
  city: string;
  iban: string;
  bic: string;
  dataPrivacy: boolean;
  terms: boolean;
  commission: boolean;
} & Partial<Record<DocumentField, File>>;

export type TextFieldName = {
  [K in keyof SellerFormValues]-?: SellerFormValues[K] extends string ? K : never;
}[keyof SellerFormValues];

export const INITIAL_SELLER_VALUES: SellerFormValues = {
  username: '',
  email: '',
  phone_number: '',
  region_id: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  bday: '',
  company_name: '',
  description: '',
  url: '',
  vat_number: '',
  address: '',
  zip_code: '',
  city: '',
  iban: '',
  bic: '',
  dataPrivacy: false,
  terms: false,
  commission: false,
};

/** Field labels; the failed-step warning lists them (02 §2). */
export const SELLER_LABELS: Record<string, string> = {
  username: 'Name auf Gutschein',
  email: 'E-Mail',
  phone_number: 'Telefonnummer',
  region_id: 'Region',
  password: 'Passwort',
  confirmPassword: 'Passwort bestätigen',
  firstName: 'Vorname',
  lastName: 'Nachname',
  bday: 'Geburtsdatum',
  id_front: 'Ausweis – Vorderseite',
  id_back: 'Ausweis – Rückseite',
  id_additional: 'Zusätzliches Dokument',
  company_name: 'Firmenname',
  description: 'Beschreibung',
  url: 'Webseite',
  vat_number: 'UID-Nummer',
  address: 'Adresse',
  zip_code: 'PLZ',
  city: 'Ort',
  iban: 'IBAN',
  bic: 'BIC',
  dataPrivacy: 'Datenschutz',
  terms: 'AGB',
  commission: 'Provision',
};

export function stepTitle(step: SellerStepId, mode: SellerRegistrationMode): string {
  switch (step) {
    case 'account':
      return 'Profil';
    case 'verification':
      return 'Überprüfung';
    case 'company':
      return 'Unternehmensinfo';
    case 'payout':
      return mode === 'partner' ? 'Abschluss' : 'Auszahlung';
  }
}

/** The fields a step shows, in form order (partner mode has no payout fields and no commission). */
export function fieldsOfStep(step: SellerStepId, mode: SellerRegistrationMode): string[] {
  const fields: readonly string[] = SELLER_STEP_FIELDS[step];
  return step === 'payout' && mode === 'partner'
    ? fields.filter((f) => f === 'dataPrivacy' || f === 'terms')
    : [...fields];
}

/**
 * A shared document rule whose failure counts like any other field's: a failing custom schema stops
 * every form-level check (the password mismatch, the taken values) of the whole form otherwise.
 */
function documentRule(rule: z.core.$ZodType) {
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      const result = z.safeParse(rule, value);
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? MSG.required });
    }),
  );
}

/**
 * The wizard's one form schema: the shared step schemas of the mode joined, over the form's values
 * (text as typed, booleans, files). 'Weiter' validates only the current step's fields (`trigger`),
 * the last step everything once more. The mismatch shows with the other errors of step 1.
 */
export function sellerWizardSchema(mode: SellerRegistrationMode) {
  const steps = sellerStepSchemas(mode);
  const shape: Record<string, z.core.$ZodType> = Object.assign(
    {},
    ...sellerRegistrationSteps(mode).map((step) => steps[step].shape),
  );
  for (const field of DOCUMENT_FIELDS) {
    const rule = shape[field];
    // The optional extra document stays optional (a missing key would fail otherwise).
    if (rule) shape[field] = rule._zod.optout === 'optional' ? z.optional(documentRule(rule)) : documentRule(rule);
  }
  return withPasswordMatch(
    z.pipe(
      z.pipe(
        z.custom<SellerFormValues>(),
        z.transform((values): unknown => values),
      ),
      z.object(shape),
    ),
    'password',
    'confirmPassword',
  );
}

/** The first step (in the mode's order) that has one of the given errors, e.g. after a server 422. */
export function firstStepWithError(
  errors: Readonly<Record<string, unknown>>,
  mode: SellerRegistrationMode,
): SellerStepId | undefined {
  return sellerRegistrationSteps(mode).find((step) => fieldsOfStep(step, mode).some((field) => errors[field]));
}

/** The multipart body of POST auth/register: only the fields of the mode's steps. */
export function sellerFormData(values: SellerFormValues, mode: SellerRegistrationMode): FormData {
  const form = new FormData();
  form.append('role_id', String(ROLE_IDS.seller));
  if (mode === 'partner') form.append('registrationType', 'partner');
  for (const step of sellerRegistrationSteps(mode)) {
    for (const field of fieldsOfStep(step, mode)) {
      const value = values[field as keyof SellerFormValues];
      if (value instanceof File) form.append(field, value, value.name);
      else if (typeof value === 'boolean') form.append(field, value ? 'true' : 'false');
      else if (typeof value === 'string') form.append(field, value);
    }
  }
  return form;
}

/** ID photos: downscaled in the browser so a whole registration fits one Lambda request (docs/decisions/accounts.md). */
export const ID_PHOTO_ENCODINGS: readonly Encoding[] = [
  { maxSide: ID_PHOTO_MAX_SIDE, quality: ID_PHOTO_QUALITY },
  { maxSide: 1600, quality: 0.75 },
  { maxSide: 1200, quality: 0.7 },
];
/** Budget per document: three documents together stay within the request's file budget. */
export const ID_PHOTO_BUDGET_BYTES = Math.floor(MAX_REGISTRATION_FILES_BYTES / 3);
