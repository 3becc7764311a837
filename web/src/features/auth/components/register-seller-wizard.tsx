import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useWatch, type Path } from 'react-hook-form';
import { REGIONS } from '@gm/shared/catalogue/reference-data';
import {
  COMPANY_DESCRIPTION_MAX,
  documentProblem,
  formatIban,
  SELLER_MIN_AGE,
  SELLER_TEXT,
  sellerRegistrationSteps,
  todayInVienna,
  type DocumentField as DocumentFieldName,
  type SellerRegistrationMode,
  type SellerStepId,
} from '@gm/shared/auth/seller-registration';
import { formatEuro } from '@gm/shared/money/money';
import { DEFAULT_SETTINGS } from '@gm/shared/settings/contracts';
import { PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { paths } from '../../../config/paths.ts';
import { authStore } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { downscalePhoto, NotAnImageError } from '../../../lib/downscale-image.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { fieldId, FormErrorSummary } from '../../../components/ui/form-fields.tsx';
import {
  FormCheckboxField,
  FormPasswordField,
  FormSelectField,
  FormTextField,
} from '../../../components/form/form-controls.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useUniqueCheck, useUniqueGuard } from '../../../entities/user/use-unique-check.ts';
import { registerSeller } from '../api/register-seller.ts';
import {
  fieldsOfStep,
  firstStepWithError,
  ID_PHOTO_BUDGET_BYTES,
  ID_PHOTO_ENCODINGS,
  INITIAL_SELLER_VALUES,
  SELLER_LABELS,
  sellerWizardSchema,
  stepTitle,
  type SellerFormValues,
} from '../seller-registration-form.ts';
import { DocumentField } from '../../../components/form/document-field.tsx';
import { FormTextAreaField } from '../../../components/form/text-area-field.tsx';
import { WizardSteps } from './wizard-steps.tsx';
import './register-seller-wizard.css';

type Summary = Array<{ name: string; label: string }>;
type FieldName = Path<SellerFormValues>;

const DOCUMENTS = ['id_front', 'id_back', 'id_additional'] as const;

/**
 * Focuses a field and brings it whole (label, tip and message) to the middle of the screen: scrolled
 * only as far as the input, its label would sit under the sticky header.
 */
function focusField(name: string) {
  const input = document.getElementById(fieldId(name));
  if (!input) return;
  input.focus({ preventScroll: true });
  (input.closest('.field') ?? input).scrollIntoView?.({ block: 'center' });
}

/** Latest birth date of an adult today, for the date picker's `max`. */
function latestAdultBirthDate(): string {
  const [y, m, d] = todayInVienna().split('-');
  return `${Number(y) - SELLER_MIN_AGE}-${m}-${d}`;
}

/**
 * Seller registration (02 §2): four steps of one form, each validated on 'Weiter' with the shared
 * step schema (`trigger` on the step's fields); partner mode (`registrationType=partner`) goes from
 * step 1 straight to the consents. The last step sends everything as multipart form data with the
 * downscaled ID photos.
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
  const guard = useUniqueGuard(useMemo(() => sellerWizardSchema(mode), [mode]));
  const form = useZodForm(guard.schema, { defaultValues: INITIAL_SELLER_VALUES });
  const unique = useUniqueCheck(form, guard);
  const { control } = form;
  const documents = useWatch({ control, name: DOCUMENTS });
  const [summary, setSummary] = useState<Summary>([]);
  const [preparing, setPreparing] = useState<Partial<Record<DocumentFieldName, boolean>>>({});
  const [advancing, setAdvancing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** A refused photo's own, more precise message ('Achtung: Fotos zu groß!', wrong type) instead of 'required'. */
  const refused = useRef<Partial<Record<DocumentFieldName, string>>>({});
  /** The step whose view is on screen, and the field to focus once a new step is shown. */
  const shownIndex = useRef(index);
  const pendingFocus = useRef<string | undefined>(undefined);

  // A new step moves focus to its heading (or to the field with an error), so keyboard and screen
  // reader users start at the top of what changed.
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    window.scrollTo({ top: 0 });
    const target = pendingFocus.current;
    pendingFocus.current = undefined;
    if (target) focusField(target);
    else headingRef.current?.focus();
  }, [index]);

  // 'Weiter' validates with trigger, which does not switch the form to re-validating on change as a
  // submit does: a field with a message is checked again as it is edited, so a fixed value loses it.
  // Documents are left out: choosing one clears its message, and a refused one sets its own.
  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type !== 'change' || !name || (DOCUMENTS as readonly string[]).includes(name)) return;
      if (form.getFieldState(name).error) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const fileOf = (field: DocumentFieldName) => documents[DOCUMENTS.indexOf(field)];
  const errorOf = (field: FieldName) => form.formState.errors[field]?.message;

  function refuse(field: DocumentFieldName, message: string) {
    refused.current[field] = message;
    form.setValue(field, undefined);
    form.setError(field, { type: 'refused', message });
  }

  async function chooseDocument(field: DocumentFieldName, file: File | undefined) {
    delete refused.current[field];
    form.clearErrors(field);
    if (!file) {
      form.setValue(field, undefined);
      return;
    }
    const problem = documentProblem(file);
    if (problem) {
      refuse(field, problem);
      return;
    }
    setPreparing((p) => ({ ...p, [field]: true }));
    try {
      const photo = await downscalePhoto(file, ID_PHOTO_ENCODINGS, ID_PHOTO_BUDGET_BYTES);
      if (photo) form.setValue(field, photo);
      else refuse(field, PHOTO_TOO_LARGE);
    } catch (error) {
      if (!(error instanceof NotAnImageError)) console.error('Could not prepare the photo', error);
      refuse(field, SELLER_TEXT.documentType);
    } finally {
      setPreparing((p) => ({ ...p, [field]: false }));
    }
  }

  const photoPending = Boolean(preparing.id_front || preparing.id_back || preparing.id_additional);

  /** The failed-step warning for `fields` (in form order), focus on the first failing field. */
  function showFailing(fields: readonly string[], stepChanges: boolean) {
    const failing = fields.filter((f) => form.getFieldState(f as FieldName).error);
    setSummary(failing.map((name) => ({ name, label: SELLER_LABELS[name] ?? name })));
    const first = failing[0];
    if (!first) return;
    if (stepChanges) pendingFocus.current = first;
    else requestAnimationFrame(() => focusField(first));
  }

  /** Validates the shown step's fields only (uniqueness answers first, so they count). */
  async function validateCurrentStep(): Promise<boolean> {
    const fields = fieldsOfStep(step, mode);
    if (step === 'account') await unique.ensure(['email', 'username']);
    const valid = await form.trigger(fields as FieldName[]);
    let refusedShown = false;
    if (step === 'verification') {
      for (const field of DOCUMENTS) {
        const message = refused.current[field];
        if (message && !form.getValues(field)) {
          form.setError(field, { type: 'refused', message });
          refusedShown = true;
        }
      }
    }
    if (valid && !refusedShown) return true;
    showFailing(fields, false);
    return false;
  }

  function goTo(next: number) {
    setSummary([]);
    setIndex(next);
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
    // The whole form once more, as the server will parse it.
    if (!(await form.trigger())) {
      const errors = Object.fromEntries(
        Object.entries(form.formState.errors).map(([field, error]) => [field, error?.message]),
      );
      jumpToErrors(errors, true);
      return;
    }
    setSubmitting(true);
    try {
      const session = await registerSeller(form.getValues(), mode);
      authStore.signIn(session);
      void dialog.success(session.message ?? SELLER_TEXT.registered);
      onRegistered();
    } catch (error) {
      if (error instanceof ApiError && error.isValidation && Object.keys(error.fieldErrors).length > 0) {
        const errors: Record<string, string | undefined> = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) errors[field] = messages?.[0];
        jumpToErrors(errors, false);
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

  /** Server (or whole-form) errors: back to the first step that has one, errors next to its fields. */
  function jumpToErrors(found: Record<string, string | undefined>, withSummary: boolean) {
    const target = firstStepWithError(found, mode);
    if (!target) {
      void dialog.warning(Object.values(found).find(Boolean) ?? TEXT.genericError);
      return;
    }
    const fields = fieldsOfStep(target, mode);
    for (const field of fields) {
      const message = found[field];
      if (message) form.setError(field as FieldName, { type: 'server', message });
    }
    const targetIndex = steps.indexOf(target);
    if (withSummary) showFailing(fields, targetIndex !== index);
    else {
      setSummary([]);
      const first = fields.find((f) => found[f]);
      if (targetIndex !== index) pendingFocus.current = first;
      else if (first) requestAnimationFrame(() => focusField(first));
    }
    setIndex(targetIndex);
  }

  const label = (name: string) => SELLER_LABELS[name] ?? name;
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
            <FormTextField
              control={control}
              name="username"
              label={label('username')}
              autoComplete="organization"
              required
              tooltip={SELLER_TEXT.usernameTooltip}
              hint="Erscheint auf deinen Gutscheinen, z. B. der Name deines Betriebs."
              onBlur={() => unique.check('username')}
              busy={unique.checking.username}
            />
            <FormTextField
              control={control}
              name="email"
              label={label('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              onBlur={() => unique.check('email')}
              busy={unique.checking.email}
            />
            <div className="form__row">
              <FormTextField
                control={control}
                name="phone_number"
                label={label('phone_number')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                placeholder="+43 512 123456"
              />
              <FormSelectField
                control={control}
                name="region_id"
                label={label('region_id')}
                required
                options={REGIONS.map((r) => ({ value: String(r.id), label: r.label }))}
                placeholder="Region wählen"
              />
            </div>
            <div className="form__row">
              <FormPasswordField
                control={control}
                name="password"
                label={label('password')}
                autoComplete="new-password"
                required
                hint="8 bis 16 Zeichen"
              />
              <FormPasswordField
                control={control}
                name="confirmPassword"
                label={label('confirmPassword')}
                autoComplete="new-password"
                required
              />
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
              <FormTextField
                control={control}
                name="firstName"
                label={label('firstName')}
                autoComplete="given-name"
                required
              />
              <FormTextField
                control={control}
                name="lastName"
                label={label('lastName')}
                autoComplete="family-name"
                required
              />
            </div>
            <FormTextField
              control={control}
              name="bday"
              label={label('bday')}
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
                  file={fileOf(field)}
                  error={errorOf(field)}
                  required
                  busy={preparing[field]}
                  onSelect={(file) => void chooseDocument(field, file)}
                />
              ))}
            </div>
            <DocumentField
              name="id_additional"
              label={SELLER_LABELS.id_additional ?? 'Zusätzliches Dokument'}
              file={fileOf('id_additional')}
              error={errorOf('id_additional')}
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
            <FormTextField
              control={control}
              name="company_name"
              label={label('company_name')}
              autoComplete="organization"
              required
              hint="Erscheint auf deinen Rechnungen."
            />
            <FormTextAreaField
              control={control}
              name="description"
              label={label('description')}
              maxLength={COMPANY_DESCRIPTION_MAX}
              hint="Was macht dein Unternehmen besonders?"
            />
            <div className="form__row">
              <FormTextField
                control={control}
                name="url"
                label={label('url')}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="www.beispiel.at"
              />
              <FormTextField
                control={control}
                name="vat_number"
                label={label('vat_number')}
                placeholder="ATU12345678"
              />
            </div>
            <FormTextField control={control} name="address" label={label('address')} autoComplete="street-address" />
            <div className="form__row seller-wizard__zip-city">
              <FormTextField
                control={control}
                name="zip_code"
                label={label('zip_code')}
                autoComplete="postal-code"
                inputMode="numeric"
              />
              <FormTextField control={control} name="city" label={label('city')} autoComplete="address-level2" />
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
                  <FormTextField
                    control={control}
                    name="iban"
                    label={label('iban')}
                    required
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="AT61 1904 3002 3457 3201"
                    onBlur={() => {
                      const iban = form.getValues('iban');
                      if (iban.trim()) form.setValue('iban', formatIban(iban));
                    }}
                  />
                  <FormTextField
                    control={control}
                    name="bic"
                    label={label('bic')}
                    required
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="BKAUATWW"
                    onBlur={() => form.setValue('bic', form.getValues('bic').trim().toUpperCase())}
                  />
                </div>
              </>
            ) : (
              <p className="seller-wizard__intro">Fast geschafft: Bitte bestätige noch Datenschutz und AGB.</p>
            )}
            <fieldset className="form__fieldset seller-wizard__consents">
              <legend className="visually-hidden">Zustimmungen</legend>
              <FormCheckboxField control={control} name="dataPrivacy" required>
                Ich habe die{' '}
                <Link to={paths.datenschutz} target="_blank" rel="noopener">
                  Datenschutzerklärung
                </Link>{' '}
                gelesen und stimme ihr zu.
              </FormCheckboxField>
              <FormCheckboxField control={control} name="terms" required>
                Ich akzeptiere die{' '}
                <Link to={paths.agb} target="_blank" rel="noopener">
                  AGB
                </Link>
                .
              </FormCheckboxField>
              {mode === 'seller' && (
                <FormCheckboxField control={control} name="commission" required>
                  Ich akzeptiere die Verkaufsprovision von{' '}
                  {DEFAULT_SETTINGS.sales_commission_percentage.toLocaleString('de-DE')} % zuzüglich{' '}
                  {formatEuro(DEFAULT_SETTINGS.sales_commission_euro)} je verkauftem Gutschein (jeweils zzgl. 20 %
                  USt.).
                </FormCheckboxField>
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
