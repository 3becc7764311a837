import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROLE_IDS } from '@gm/shared/auth/roles';
import { REGIONS } from '@gm/shared/catalogue/reference-data';
import {
  COMPANY_DESCRIPTION_MAX,
  documentProblem,
  formatIban,
  SELLER_MIN_AGE,
  SELLER_TEXT,
  sellerRegistrationSchema,
  sellerRegistrationSteps,
  todayInVienna,
  type DocumentField as DocumentFieldName,
  type SellerRegistrationMode,
  type SellerStepId,
} from '@gm/shared/auth/seller-registration';
import { formatEuro } from '@gm/shared/money/money';
import { DEFAULT_SETTINGS } from '@gm/shared/settings/contracts';
import { PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import { emailField } from '@gm/shared/validation/fields';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { paths } from '../../../config/paths.ts';
import { authStore } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { downscalePhoto, NotAnImageError } from '../../../lib/downscale-image.ts';
import { firstMessages, validateForm, type FormErrors } from '../../../lib/form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import {
  CheckboxField,
  fieldId,
  FormErrorSummary,
  PasswordField,
  SelectField,
  TextField,
} from '../../../components/ui/form-fields.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { checkUnique, type UniqueField } from '../../../entities/user/api/check-unique.ts';
import { registerSeller } from '../api/register-seller.ts';
import {
  fieldsOfStep,
  firstStepWithError,
  ID_PHOTO_BUDGET_BYTES,
  ID_PHOTO_ENCODINGS,
  INITIAL_SELLER_VALUES,
  SELLER_LABELS,
  stepTitle,
  validateStep,
  type SellerFormValues,
  type TextFieldName,
} from '../seller-registration-form.ts';
import { DocumentField } from '../../../components/form/document-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { WizardSteps } from './wizard-steps.tsx';
import './register-seller-wizard.css';

const UNIQUE_DEBOUNCE_MS = 300;

type Summary = Array<{ name: string; label: string }>;

function normalise(field: UniqueField, value: string): string {
  return field === 'email' ? value.trim().toLowerCase() : value.trim();
}

/** Latest birth date of an adult today, for the date picker's `max`. */
function latestAdultBirthDate(): string {
  const [y, m, d] = todayInVienna().split('-');
  return `${Number(y) - SELLER_MIN_AGE}-${m}-${d}`;
}

/**
 * Seller registration (02 §2): four steps, each validated with its shared schema on 'Weiter';
 * partner mode (`registrationType=partner`) goes from step 1 straight to the consents. The last
 * step sends everything as multipart form data with the downscaled ID photos.
 */
export function RegisterSellerWizard({
  mode,
  onRegistered,
}: {
  mode: SellerRegistrationMode;
  onRegistered: () => void;
}) {
  const dialog = useDialog();
  const steps = sellerRegistrationSteps(mode);
  const [index, setIndex] = useState(0);
  const step: SellerStepId = steps[index] ?? 'account';
  const [values, setValues] = useState<SellerFormValues>(INITIAL_SELLER_VALUES);
  const [errors, setErrors] = useState<FormErrors>({});
  const [summary, setSummary] = useState<Summary>([]);
  const [checking, setChecking] = useState<Partial<Record<UniqueField, boolean>>>({});
  const [preparing, setPreparing] = useState<Partial<Record<DocumentFieldName, boolean>>>({});
  const [advancing, setAdvancing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const valuesRef = useRef(values);
  const uniqueTimers = useRef<Partial<Record<UniqueField, number>>>({});
  /** Answers of auth/unique per field for the value they were asked for. */
  const uniqueAnswers = useRef<Partial<Record<UniqueField, { value: string; message: string | undefined }>>>({});
  /** The step whose view is on screen, and the field to focus once a new step is shown. */
  const shownIndex = useRef(index);
  const pendingFocus = useRef<string | undefined>(undefined);

  useEffect(() => {
    valuesRef.current = values;
  }, [values]);

  // A new step moves focus to its heading (or to the field with an error), so keyboard and screen
  // reader users start at the top of what changed.
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    window.scrollTo({ top: 0 });
    const target = pendingFocus.current;
    pendingFocus.current = undefined;
    (target ? document.getElementById(fieldId(target)) : headingRef.current)?.focus();
  }, [index]);

  function setValue<K extends keyof SellerFormValues>(name: K, value: SellerFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  function setFieldError(name: string, message: string | undefined) {
    setErrors((current) => ({ ...current, [name]: message }));
  }

  /** Errors next to the fields, optionally the failed-step warning, focus on the first failing field. */
  function showErrors(found: FormErrors, fields: readonly string[], withSummary: boolean, stepChanges = false) {
    setErrors((current) => ({ ...current, ...found }));
    const failing = fields.filter((f) => found[f]);
    setSummary(withSummary ? failing.map((name) => ({ name, label: SELLER_LABELS[name] ?? name })) : []);
    const first = failing[0];
    if (!first) return;
    if (stepChanges) pendingFocus.current = first;
    else requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  /** The taken-message for e-mail or username, asking the server once per value. */
  async function uniqueMessage(field: UniqueField): Promise<string | undefined> {
    const value = normalise(field, valuesRef.current[field]);
    if (!value || (field === 'email' && !emailField().safeParse(value).success)) return undefined;
    const known = uniqueAnswers.current[field];
    if (known?.value === value) return known.message;
    setChecking((c) => ({ ...c, [field]: true }));
    try {
      const result = await checkUnique(field, value);
      const message = result.free ? undefined : result.message;
      uniqueAnswers.current[field] = { value, message };
      return message;
    } catch (error) {
      // The server checks again on submit; a failed check must not block the wizard.
      console.error('Uniqueness check failed', error);
      return undefined;
    } finally {
      setChecking((c) => ({ ...c, [field]: false }));
    }
  }

  function scheduleUniqueCheck(field: UniqueField) {
    window.clearTimeout(uniqueTimers.current[field]);
    uniqueTimers.current[field] = window.setTimeout(() => {
      const asked = normalise(field, valuesRef.current[field]);
      void uniqueMessage(field).then((message) => {
        // Only the answer for the value still in the field counts.
        if (normalise(field, valuesRef.current[field]) === asked && message) setFieldError(field, message);
      });
    }, UNIQUE_DEBOUNCE_MS);
  }

  async function chooseDocument(field: DocumentFieldName, file: File | undefined) {
    if (!file) {
      setValue(field, undefined);
      return;
    }
    const problem = documentProblem(file);
    if (problem) {
      setValues((current) => ({ ...current, [field]: undefined }));
      setFieldError(field, problem);
      return;
    }
    setPreparing((p) => ({ ...p, [field]: true }));
    try {
      const photo = await downscalePhoto(file, ID_PHOTO_ENCODINGS, ID_PHOTO_BUDGET_BYTES);
      if (photo) setValue(field, photo);
      else setFieldError(field, PHOTO_TOO_LARGE);
    } catch (error) {
      if (!(error instanceof NotAnImageError)) console.error('Could not prepare the photo', error);
      setValues((current) => ({ ...current, [field]: undefined }));
      setFieldError(field, SELLER_TEXT.documentType);
    } finally {
      setPreparing((p) => ({ ...p, [field]: false }));
    }
  }

  function goTo(next: number) {
    setSummary([]);
    setIndex(next);
  }

  const photoPending = Boolean(preparing.id_front || preparing.id_back || preparing.id_additional);

  async function validateCurrentStep(): Promise<boolean> {
    const fields = fieldsOfStep(step, mode);
    const found = validateStep(step, values, mode);
    if (step === 'account') {
      for (const field of ['email', 'username'] as const) {
        if (found[field]) continue;
        const taken = await uniqueMessage(field);
        if (taken) found[field] = taken;
      }
    }
    // A refused photo keeps its own, more precise message ('Achtung: Fotos zu groß!', wrong type).
    for (const field of ['id_front', 'id_back', 'id_additional'] as const) {
      if (step === 'verification' && errors[field] && !values[field]) found[field] = errors[field];
    }
    if (fields.some((f) => found[f])) {
      showErrors(found, fields, true);
      return false;
    }
    return true;
  }

  async function handleNext(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (advancing || submitting) return;
    setAdvancing(true);
    try {
      if (!(await validateCurrentStep())) return;
      if (index < steps.length - 1) goTo(index + 1);
      else await submit();
    } finally {
      setAdvancing(false);
    }
  }

  async function submit() {
    // The whole form once more, as the server will parse it (role_id is added by sellerFormData).
    const whole = validateForm(sellerRegistrationSchema(mode), { ...values, role_id: ROLE_IDS.seller });
    if (!whole.ok) {
      jumpToErrors(whole.errors, true);
      return;
    }
    setSubmitting(true);
    try {
      const session = await registerSeller(values, mode);
      authStore.signIn(session);
      void dialog.success(session.message ?? SELLER_TEXT.registered);
      onRegistered();
    } catch (error) {
      if (error instanceof ApiError && error.isValidation && Object.keys(error.fieldErrors).length > 0) {
        jumpToErrors(firstMessages(error.fieldErrors), false);
      } else if (error instanceof ApiError && error.status >= 500) {
        // 02 §8: a failed seller registration shows the server message under this title.
        void dialog.warning(error.message, { title: MSG.submitFailed });
      } else {
        void dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError);
      }
    } finally {
      setSubmitting(false);
    }
  }

  /** Server (or whole-form) errors: back to the first step that has one, errors next to the fields. */
  function jumpToErrors(found: FormErrors, withSummary: boolean) {
    const target = firstStepWithError(found, mode);
    if (!target) {
      void dialog.warning(Object.values(found).find(Boolean) ?? TEXT.genericError);
      return;
    }
    const targetIndex = steps.indexOf(target);
    showErrors(found, fieldsOfStep(target, mode), withSummary, targetIndex !== index);
    setIndex(targetIndex);
  }

  const text = (name: TextFieldName) => ({
    name,
    label: SELLER_LABELS[name] ?? name,
    value: values[name],
    error: errors[name],
    onValueChange: (value: string) => setValue(name, value),
  });

  const isLast = index === steps.length - 1;
  const titles = steps.map((s) => stepTitle(s, mode));

  return (
    <div className="seller-wizard">
      <WizardSteps titles={titles} current={index} />
      <form
        className="form card seller-wizard__card"
        onSubmit={handleNext}
        noValidate
        data-testid={`seller-step-${step}`}
      >
        <h2 className="seller-wizard__title" ref={headingRef} tabIndex={-1}>
          {stepHeading(step, mode)}
        </h2>
        <FormErrorSummary fields={summary} />

        {step === 'account' && (
          <>
            <p className="seller-wizard__intro">Lege dein Konto an. Mit diesen Daten meldest du dich später an.</p>
            <TextField
              {...text('username')}
              autoComplete="organization"
              required
              tooltip={SELLER_TEXT.usernameTooltip}
              hint="Erscheint auf deinen Gutscheinen, z. B. der Name deines Betriebs."
              onBlur={() => scheduleUniqueCheck('username')}
              busy={checking.username}
            />
            <TextField
              {...text('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              onBlur={() => scheduleUniqueCheck('email')}
              busy={checking.email}
            />
            <div className="form__row">
              <TextField
                {...text('phone_number')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                placeholder="+43 512 123456"
              />
              <SelectField
                {...text('region_id')}
                required
                options={REGIONS.map((r) => ({ value: String(r.id), label: r.label }))}
                placeholder="Region wählen"
              />
            </div>
            <div className="form__row">
              <PasswordField {...text('password')} autoComplete="new-password" required hint="8 bis 16 Zeichen" />
              <PasswordField {...text('confirmPassword')} autoComplete="new-password" required />
            </div>
          </>
        )}

        {step === 'verification' && (
          <>
            <p className="seller-wizard__intro">
              Wir prüfen jedes Unternehmen, bevor es Gutscheine verkauft. Bitte gib die Daten der Inhaberin oder des
              Inhabers an und lade beide Seiten eines gültigen Lichtbildausweises hoch. Die Dokumente speichern wir
              verschlüsselt und nur für die Prüfung.
            </p>
            <div className="form__row">
              <TextField {...text('firstName')} autoComplete="given-name" required />
              <TextField {...text('lastName')} autoComplete="family-name" required />
            </div>
            <TextField
              {...text('bday')}
              type="date"
              autoComplete="bday"
              required
              min="1900-01-01"
              max={latestAdultBirthDate()}
              hint={`Du musst mindestens ${SELLER_MIN_AGE} Jahre alt sein.`}
            />
            <div className="form__row seller-wizard__documents">
              {(['id_front', 'id_back'] as const).map((field) => (
                <DocumentField
                  key={field}
                  name={field}
                  label={SELLER_LABELS[field] ?? field}
                  file={values[field]}
                  error={errors[field]}
                  required
                  busy={preparing[field]}
                  onSelect={(file) => void chooseDocument(field, file)}
                />
              ))}
            </div>
            <DocumentField
              name="id_additional"
              label={SELLER_LABELS.id_additional ?? 'Zusätzliches Dokument'}
              file={values.id_additional}
              error={errors.id_additional}
              busy={preparing.id_additional}
              onSelect={(file) => void chooseDocument('id_additional', file)}
            />
          </>
        )}

        {step === 'company' && (
          <>
            <p className="seller-wizard__intro">
              So erscheint dein Unternehmen im Gutscheinmarkt und auf deinen Rechnungen.
            </p>
            <TextField
              {...text('company_name')}
              autoComplete="organization"
              required
              hint="Erscheint auf deinen Rechnungen."
            />
            <TextAreaField
              {...text('description')}
              maxLength={COMPANY_DESCRIPTION_MAX}
              hint="Was macht dein Unternehmen besonders?"
            />
            <div className="form__row">
              <TextField {...text('url')} type="url" inputMode="url" autoComplete="url" placeholder="www.beispiel.at" />
              <TextField {...text('vat_number')} placeholder="ATU12345678" />
            </div>
            <TextField {...text('address')} autoComplete="street-address" />
            <div className="form__row seller-wizard__zip-city">
              <TextField {...text('zip_code')} autoComplete="postal-code" inputMode="numeric" />
              <TextField {...text('city')} autoComplete="address-level2" />
            </div>
          </>
        )}

        {step === 'payout' && (
          <>
            {mode === 'seller' ? (
              <>
                <p className="seller-wizard__intro">
                  Auf dieses Konto überweisen wir deine Einnahmen, sobald wir dein Konto geprüft haben.
                </p>
                <div className="form__row seller-wizard__bank">
                  <TextField
                    {...text('iban')}
                    required
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="AT61 1904 3002 3457 3201"
                    onBlur={() => values.iban.trim() && setValues((v) => ({ ...v, iban: formatIban(v.iban) }))}
                  />
                  <TextField
                    {...text('bic')}
                    required
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="BKAUATWW"
                    onBlur={() => setValues((v) => ({ ...v, bic: v.bic.trim().toUpperCase() }))}
                  />
                </div>
              </>
            ) : (
              <p className="seller-wizard__intro">Fast geschafft: Bitte bestätige noch Datenschutz und AGB.</p>
            )}
            <fieldset className="form__fieldset seller-wizard__consents">
              <legend className="visually-hidden">Zustimmungen</legend>
              <CheckboxField
                name="dataPrivacy"
                checked={values.dataPrivacy}
                onCheckedChange={(v) => setValue('dataPrivacy', v)}
                error={errors.dataPrivacy}
                required
              >
                Ich habe die{' '}
                <Link to={paths.datenschutz} target="_blank" rel="noopener">
                  Datenschutzerklärung
                </Link>{' '}
                gelesen und stimme ihr zu.
              </CheckboxField>
              <CheckboxField
                name="terms"
                checked={values.terms}
                onCheckedChange={(v) => setValue('terms', v)}
                error={errors.terms}
                required
              >
                Ich akzeptiere die{' '}
                <Link to={paths.agb} target="_blank" rel="noopener">
                  AGB
                </Link>
                .
              </CheckboxField>
              {mode === 'seller' && (
                <CheckboxField
                  name="commission"
                  checked={values.commission}
                  onCheckedChange={(v) => setValue('commission', v)}
                  error={errors.commission}
                  required
                >
                  Ich akzeptiere die Verkaufsprovision von{' '}
                  {DEFAULT_SETTINGS.sales_commission_percentage.toLocaleString('de-DE')} % zuzüglich{' '}
                  {formatEuro(DEFAULT_SETTINGS.sales_commission_euro)} je verkauftem Gutschein (jeweils zzgl. 20 %
                  USt.).
                </CheckboxField>
              )}
            </fieldset>
          </>
        )}

        <div className="seller-wizard__actions">
          {index > 0 ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => goTo(index - 1)}
              disabled={submitting}
              data-testid="wizard-back"
            >
              <ChevronLeftIcon size={18} />
              Zurück
            </button>
          ) : (
            <span />
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={advancing || submitting || photoPending}
            data-testid="wizard-next"
          >
            {isLast ? (
              'Abschließen'
            ) : (
              <>
                Weiter
                <ChevronRightIcon size={18} />
              </>
            )}
          </button>
        </div>
        <LoadingOverlay show={submitting} label="Registrierung wird gesendet…" />
      </form>
    </div>
  );
}

function stepHeading(step: SellerStepId, mode: SellerRegistrationMode): string {
  switch (step) {
    case 'account':
      return 'Profil und Passwort';
    case 'verification':
      return 'Überprüfung';
    case 'company':
      return 'Unternehmensinfo';
    case 'payout':
      return mode === 'partner' ? 'Datenschutz und AGB' : 'Auszahlung und AGB';
  }
}
