import { accountProfileSchema, buyerProfileSchema, PROFILE_TEXT, type Profile } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { formSchema } from '../../../lib/form-schema.ts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { useUniqueCheck, useUniqueGuard } from '../../../entities/user/use-unique-check.ts';
import { useSaveProfile } from '../api/profile.ts';
import { useLeaveSave } from './use-leave-save.ts';
import { useProfileSave } from './use-profile-save.ts';
import './profile-form.css';

const LABELS = {
  username: 'Benutzername',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  address: 'Adresse',
  zip_code: 'PLZ',
  city: 'Ort',
  order_email: 'Zusätzliche E-Mail für Bestellungen',
};

function initialValues(profile: Profile) {
  return {
    section: 'profile' as const,
    version: profile.version,
    username: profile.username,
    firstName: profile.detail.firstName ?? '',
    lastName: profile.detail.lastName ?? '',
    email: profile.email,
    address: profile.detail.address ?? '',
    zip_code: profile.detail.zip_code ?? '',
    city: profile.detail.city ?? '',
    order_email: profile.order_email ?? '',
  };
}

type Values = ReturnType<typeof initialValues>;

/**
 * Both contracts take the same text fields; the form holds them as typed (the contracts turn '' into
 * null), so one form type serves the buyer and the account variant.
 */
const SCHEMAS = {
  buyer: formSchema<Values>()(buyerProfileSchema),
  account: formSchema<Values>()(accountProfileSchema),
};

/**
 * Tab 'Profil' for buyers (01 §2): Benutzername is shown but never editable once set. Admins and
 * scanner users (`account`) see the same form without the address and with optional names.
 */
export function BuyerProfileForm({ profile, variant = 'buyer' }: { profile: Profile; variant?: 'buyer' | 'account' }) {
  const buyer = variant === 'buyer';
  const save = useProfileSave();
  const saveProfile = useSaveProfile(profile.id);
  const guard = useUniqueGuard(SCHEMAS[variant]);
  const form = useZodForm(guard.schema, { defaultValues: initialValues(profile) });
  const unique = useUniqueCheck(form, guard, { userId: profile.id, unchanged: { email: profile.email } });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (data) => {
      await saveProfile.mutateAsync(data);
      leave.markSaved();
      await save.afterSave(leave.leaving.current);
    },
    onServerError: save.onServerError,
  });
  const leave = useLeaveSave(() => onSubmit());
  const dirty = !save.submitted && form.formState.isDirty;

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <FormTextField
        control={form.control}
        name="username"
        label={LABELS.username}
        disabled
        readOnly
        tooltip="Der Benutzername erscheint auf deinen Gutscheinen und kann später nicht mehr geändert werden."
        hint={PROFILE_TEXT.usernameLocked}
      />
      <div className="form__row">
        <FormTextField
          control={form.control}
          name="firstName"
          label={LABELS.firstName}
          autoComplete="given-name"
          required={buyer}
        />
        <FormTextField
          control={form.control}
          name="lastName"
          label={LABELS.lastName}
          autoComplete="family-name"
          required={buyer}
        />
      </div>
      <FormTextField
        control={form.control}
        name="email"
        label={LABELS.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        onBlur={() => unique.check('email')}
        busy={unique.checking.email}
      />
      {buyer && (
        <>
          <FormTextField control={form.control} name="address" label={LABELS.address} autoComplete="street-address" />
          <div className="form__row">
            <FormTextField
              control={form.control}
              name="zip_code"
              label={LABELS.zip_code}
              autoComplete="postal-code"
              inputMode="numeric"
            />
            <FormTextField control={form.control} name="city" label={LABELS.city} autoComplete="address-level2" />
          </div>
        </>
      )}
      <FormTextField
        control={form.control}
        name="order_email"
        label={LABELS.order_email}
        type="email"
        inputMode="email"
        hint="Bestellbestätigungen gehen zusätzlich an diese Adresse."
      />
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting} data-testid="profile-submit">
          Speichern
        </button>
      </div>
      <LoadingOverlay show={submitting} label="Wird gespeichert…" />
      <LeaveGuard dirty={dirty && !submitting} onSave={leave.saveForLeave} />
    </form>
  );
}
