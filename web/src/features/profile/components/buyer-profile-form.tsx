import { accountProfileSchema, buyerProfileSchema, PROFILE_TEXT, type Profile } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { saveProfile } from '../api/profile.ts';
import { useEmailCheck } from './use-email-check.ts';
import { isDirty, useLeaveSave } from './use-leave-save.ts';
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

/**
 * Tab 'Profil' for buyers (01 §2): Benutzername is shown but never editable once set. Admins and
 * scanner users (`account`) see the same form without the address and with optional names.
 */
export function BuyerProfileForm({ profile, variant = 'buyer' }: { profile: Profile; variant?: 'buyer' | 'account' }) {
  const initial = initialValues(profile);
  const buyer = variant === 'buyer';
  const save = useProfileSave();
  const leave = useLeaveSave((event) => form.handleSubmit(event));
  const form = useForm({
    initial,
    schema: buyer ? buyerProfileSchema : accountProfileSchema,
    labels: LABELS,
    prepare: (values) => ({ ...values, section: 'profile', version: profile.version, username: profile.username }),
    submit: async (data) => {
      await saveProfile(profile.id, data);
      leave.markSaved();
      await save.afterSave(leave.leaving.current);
    },
    onServerError: save.onServerError,
  });
  const email = useEmailCheck(form, profile.id, profile.email);
  const dirty = !save.submitted && isDirty(form.values, initial);

  return (
    <form className="form profile-form" onSubmit={form.handleSubmit} noValidate data-testid="profile-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField
        {...form.text('username')}
        disabled
        readOnly
        tooltip="Der Benutzername erscheint auf deinen Gutscheinen und kann später nicht mehr geändert werden."
        hint={PROFILE_TEXT.usernameLocked}
      />
      <div className="form__row">
        <TextField {...form.text('firstName')} autoComplete="given-name" required={buyer} />
        <TextField {...form.text('lastName')} autoComplete="family-name" required={buyer} />
      </div>
      <TextField
        {...form.text('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        onBlur={email.check}
        busy={email.checking}
      />
      {buyer && (
        <>
          <TextField {...form.text('address')} autoComplete="street-address" />
          <div className="form__row">
            <TextField {...form.text('zip_code')} autoComplete="postal-code" inputMode="numeric" />
            <TextField {...form.text('city')} autoComplete="address-level2" />
          </div>
        </>
      )}
      <TextField
        {...form.text('order_email')}
        type="email"
        inputMode="email"
        hint="Bestellbestätigungen gehen zusätzlich an diese Adresse."
      />
      <div className="profile-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={form.submitting}
          data-testid="profile-submit"
        >
          Speichern
        </button>
      </div>
      <LoadingOverlay show={form.submitting} label="Wird gespeichert…" />
      <LeaveGuard dirty={dirty && !form.submitting} onSave={leave.saveForLeave} />
    </form>
  );
}
