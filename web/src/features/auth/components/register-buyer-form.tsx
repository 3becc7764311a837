import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { REGIONS } from '@gm/shared/catalogue/reference-data';
import { emailField } from '@gm/shared/validation/fields';
import { authStore } from '../../../lib/auth.ts';
import { useForm } from '../../../lib/use-form.ts';
import { currentTenant } from '../../../lib/tenant.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import {
  CheckboxField,
  FormErrorSummary,
  FormMessage,
  PasswordField,
  SelectField,
  TextField,
} from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { registerBuyer, registerBuyerRequestSchema } from '../api/register-buyer.ts';
import { checkUnique, type UniqueField } from '../../../entities/user/api/check-unique.ts';

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
};

type Values = typeof INITIAL;

const UNIQUE_DEBOUNCE_MS = 300;

/** Buyer registration (01 §3, §5): the shared schema validates, e-mail and username are checked for uniqueness on blur. */
export function RegisterBuyerForm({ onRegistered }: { onRegistered: (role: 'user') => void }) {
  const dialog = useDialog();
  const [checking, setChecking] = useState<Partial<Record<UniqueField, boolean>>>({});
  const timers = useRef<Partial<Record<UniqueField, number>>>({});

  const form = useForm({
    initial: INITIAL,
    schema: registerBuyerRequestSchema,
    labels: LABELS,
    prepare: (v: Values) => ({
      ...v,
      region_id: v.region_id === '' ? undefined : v.region_id,
      subdomain: currentTenant,
    }),
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

  function scheduleUniqueCheck(field: UniqueField) {
    window.clearTimeout(timers.current[field]);
    const raw = form.values[field];
    if (!raw.trim()) return;
    if (field === 'email' && !emailField().safeParse(raw).success) return;
    timers.current[field] = window.setTimeout(() => {
      const value = normalise(field, raw);
      setChecking((c) => ({ ...c, [field]: true }));
      checkUnique(field, value)
        .then((result) => {
          // The value may have changed while the request ran; only its own answer counts.
          if (normalise(field, form.valuesRef.current[field]) !== value) return;
          form.setFieldError(field, result.free ? undefined : result.message);
        })
        .catch((error: unknown) => console.error('Uniqueness check failed', error))
        .finally(() => setChecking((c) => ({ ...c, [field]: false })));
    }, UNIQUE_DEBOUNCE_MS);
  }

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate data-testid="register-buyer-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />

      <TextField
        {...form.text('username')}
        autoComplete="username"
        required
        tooltip="Der Benutzername erscheint auf deinen Gutscheinen und kann später nicht mehr geändert werden."
        onBlur={() => scheduleUniqueCheck('username')}
        busy={checking.username}
      />
      <div className="form__row">
        <TextField {...form.text('firstName')} autoComplete="given-name" required />
        <TextField {...form.text('lastName')} autoComplete="family-name" required />
      </div>
      <TextField
        {...form.text('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        onBlur={() => scheduleUniqueCheck('email')}
        busy={checking.email}
      />
      <SelectField
        {...form.text('region_id')}
        options={REGIONS.map((r) => ({ value: String(r.id), label: r.label }))}
        placeholder="Region wählen (optional)"
      />
      <div className="form__row">
        <PasswordField {...form.text('password')} autoComplete="new-password" required hint="8 bis 16 Zeichen" />
        <PasswordField {...form.text('confirmPassword')} autoComplete="new-password" required />
      </div>

      <fieldset className="form__fieldset">
        <legend className="visually-hidden">Zustimmungen</legend>
        <CheckboxField
          name="dataPrivacy"
          checked={form.values.dataPrivacy}
          onCheckedChange={(v) => form.setValue('dataPrivacy', v)}
          error={form.errors.dataPrivacy}
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
          checked={form.values.terms}
          onCheckedChange={(v) => form.setValue('terms', v)}
          error={form.errors.terms}
          required
        >
          Ich akzeptiere die{' '}
          <Link to={paths.agb} target="_blank" rel="noopener">
            AGB
          </Link>
          .
        </CheckboxField>
      </fieldset>

      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.submitting}
        data-testid="register-submit"
      >
        Konto erstellen
      </button>
      <LoadingOverlay show={form.submitting} label="Konto wird erstellt…" />
    </form>
  );
}

function normalise(field: UniqueField, value: string): string {
  return field === 'email' ? value.trim().toLowerCase() : value.trim();
}
