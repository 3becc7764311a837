import { Link } from 'react-router';
import * as z from 'zod/mini';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { REGIONS } from '@gm/shared/catalogue/reference-data';
import { authStore } from '../../../lib/auth.ts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { currentTenant } from '../../../lib/tenant.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import {
  FormCheckboxField,
  FormPasswordField,
  FormSelectField,
  FormTextField,
} from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useUniqueCheck, useUniqueGuard } from '../../../entities/user/use-unique-check.ts';
import { registerBuyer, registerBuyerRequestSchema } from '../api/register-buyer.ts';
import { withPasswordMatch } from '../password-match.ts';

const LABELS = {
  username: 'Benutzername',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  region_id: 'Region',
  password: 'Passwort',
  confirmPassword: 'Passwort bestätigen',
  dataPrivacy: 'Datenschutz',
  terms: 'AGB',
  code: 'Code',
};

const INITIAL = {
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  region_id: '',
  password: '',
  confirmPassword: '',
  dataPrivacy: false,
  terms: false,
  code: '',
};

/**
 * The buyer contract over the form's fields (the empty region choice is no region; the tenant shop
 * sends its subdomain), with the password mismatch shown on the first submit.
 */
export const registerBuyerFormSchema = withPasswordMatch(
  z.pipe(
    z.pipe(
      z.custom<typeof INITIAL>(),
      z.transform((values): unknown => ({
        ...values,
        region_id: values.region_id === '' ? undefined : values.region_id,
        subdomain: currentTenant,
        // The employee code (tourism tenants only; issue 13).
        code: values.code.trim() || undefined,
      })),
    ),
    registerBuyerRequestSchema,
  ),
  'password',
  'confirmPassword',
);

/**
 * Buyer registration (01 §3, §5): the shared schema validates, e-mail and username are checked for uniqueness on blur.
 * On a tourism tenant (`tourism`, 03 §5) the Code field is shown and required; `initialCode` fills it (the QR of a code card).
 */
export function RegisterBuyerForm({
  onRegistered,
  tourism = false,
  initialCode = '',
}: {
  onRegistered: (role: 'user') => void;
  tourism?: boolean;
  initialCode?: string;
}) {
  const dialog = useDialog();
  const guard = useUniqueGuard(registerBuyerFormSchema);
  const form = useZodForm(guard.schema, { defaultValues: { ...INITIAL, code: tourism ? initialCode : '' } });
  const unique = useUniqueCheck(form, guard);
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      const session = await registerBuyer(input);
      authStore.signIn(session);
      void dialog.success(session.message ?? AUTH_TEXT.registered, { autoCloseMs: 2000 });
      onRegistered('user');
    },
    onServerError: (error) => {
      if (error.status !== 404) return false;
      void dialog.warning(error.message);
      return true;
    },
  });
  const control = form.control;

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="register-buyer-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />

      {tourism && (
        <FormTextField
          control={control}
          name="code"
          label={LABELS.code}
          autoComplete="off"
          required
          hint="Den Mitarbeiter-Code bekommst du von deinem Arbeitgeber."
          data-testid="register-code"
        />
      )}
      <FormTextField
        control={control}
        name="username"
        label={LABELS.username}
        autoComplete="username"
        required
        tooltip="Der Benutzername erscheint auf deinen Gutscheinen und kann später nicht mehr geändert werden."
        onBlur={() => unique.check('username')}
        busy={unique.checking.username}
      />
      <div className="form__row">
        <FormTextField control={control} name="firstName" label={LABELS.firstName} autoComplete="given-name" required />
        <FormTextField control={control} name="lastName" label={LABELS.lastName} autoComplete="family-name" required />
      </div>
      <FormTextField
        control={control}
        name="email"
        label={LABELS.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        onBlur={() => unique.check('email')}
        busy={unique.checking.email}
      />
      <FormSelectField
        control={control}
        name="region_id"
        label={LABELS.region_id}
        options={REGIONS.map((r) => ({ value: String(r.id), label: r.label }))}
        placeholder="Region wählen (optional)"
      />
      <div className="form__row">
        <FormPasswordField
          control={control}
          name="password"
          label={LABELS.password}
          autoComplete="new-password"
          required
          hint="8 bis 16 Zeichen"
        />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label={LABELS.confirmPassword}
          autoComplete="new-password"
          required
        />
      </div>

      <fieldset className="form__fieldset">
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
      </fieldset>

      <button
        type="submit"
        className="button button--primary button--block"
        disabled={submitting}
        data-testid="register-submit"
      >
        Konto erstellen
      </button>
      <LoadingOverlay show={submitting} label="Konto wird erstellt…" />
    </form>
  );
}
