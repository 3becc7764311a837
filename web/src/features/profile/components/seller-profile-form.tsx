import { useState } from 'react';
import { COMPANY_DESCRIPTION_MAX, SELLER_TEXT, formatIban } from '@gm/shared/auth/seller-registration';
import { REGIONS } from '@gm/shared/catalogue/reference-data';
import { PROFILE_TEXT, sellerProfileSchema, type Profile } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage, SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useForm } from '../../../lib/use-form.ts';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { ImagePicker } from '../../../components/form/image-picker.tsx';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { saveProfile } from '../api/profile.ts';
import { useEmailCheck } from './use-email-check.ts';
import { isDirty, useLeaveSave } from './use-leave-save.ts';
import { useProfileSave } from './use-profile-save.ts';
import './profile-form.css';

const LABELS = {
  username: 'Name auf Gutschein',
  email: 'E-Mail',
  phone_number: 'Telefonnummer',
  region_id: 'Region',
  order_email: 'Zusätzliche E-Mail für Bestellungen',
  company_name: 'Firmenname',
  description: 'Beschreibung',
  url: 'Webseite',
  vat_number: 'UID-Nummer',
  address: 'Adresse',
  zip_code: 'PLZ',
  city: 'Ort',
  iban: 'IBAN',
  bic: 'BIC',
};

/** Logo crop (01 §9, 02 §5): 250 × 100, JPEG quality 1. */
const LOGO_CROP = { output: { width: 250, height: 100 }, viewport: { width: 250, height: 100 }, quality: 1 };

function initialValues(profile: Profile) {
  const company = profile.company;
  return {
    username: profile.username,
    email: profile.email,
    phone_number: profile.detail.phone_number ?? '',
    region_id: profile.region_id ? String(profile.region_id) : '',
    order_email: profile.order_email ?? '',
    company_name: company?.name ?? '',
    description: company?.description ?? '',
    url: company?.url ?? '',
    vat_number: company?.vat_number ?? '',
    address: company?.address ?? profile.detail.address ?? '',
    zip_code: company?.zip_code ?? profile.detail.zip_code ?? '',
    city: company?.city ?? profile.detail.city ?? '',
    iban: profile.payout ? formatIban(profile.payout.iban) : '',
    bic: profile.payout?.bic ?? '',
  };
}

/** Tab 'Profil' for sellers (02 §2): account, company (with logo) and payout account in one save. */
export function SellerProfileForm({ profile }: { profile: Profile }) {
  const initial = initialValues(profile);
  const save = useProfileSave();
  const [logo, setLogo] = useState<Blob | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const leave = useLeaveSave((event) => form.handleSubmit(event));
  const form = useForm({
    initial,
    schema: sellerProfileSchema,
    labels: LABELS,
    prepare: (values) => ({ ...values, section: 'profile', version: profile.version, username: profile.username }),
    submit: async (data) => {
      let logoUploadId: string | undefined;
      if (logo) {
        try {
          logoUploadId = await uploadImage(logo, 'company-logo');
        } catch (error) {
          setLogoError(
            error instanceof ApiError
              ? error.message
              : 'Das Bild konnte nicht hochgeladen werden. Bitte versuche es erneut.',
          );
          return;
        }
      }
      try {
        await saveProfile(profile.id, { ...data, ...(logoUploadId ? { logo_upload_id: logoUploadId } : {}) });
      } catch (error) {
        if (error instanceof ApiError && error.fieldError('logo_upload_id'))
          setLogoError(error.fieldError('logo_upload_id'));
        throw error;
      }
      leave.markSaved();
      await save.afterSave(leave.leaving.current);
    },
    onServerError: save.onServerError,
  });
  const email = useEmailCheck(form, profile.id, profile.email);
  const dirty = !save.submitted && (logo !== null || isDirty(form.values, initial));

  return (
    <form className="form profile-form" onSubmit={form.handleSubmit} noValidate data-testid="profile-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">Konto</legend>
        <TextField
          {...form.text('username')}
          disabled
          readOnly
          tooltip={SELLER_TEXT.usernameTooltip}
          hint={PROFILE_TEXT.usernameLocked}
        />
        <TextField
          {...form.text('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          onBlur={email.check}
          busy={email.checking}
        />
        <div className="form__row">
          <TextField {...form.text('phone_number')} type="tel" autoComplete="tel" required />
          <SelectField
            {...form.text('region_id')}
            required
            options={REGIONS.map((r) => ({ value: String(r.id), label: r.label }))}
            placeholder="Region wählen"
          />
        </div>
        <TextField
          {...form.text('order_email')}
          type="email"
          inputMode="email"
          hint="Bestellbenachrichtigungen gehen zusätzlich an diese Adresse."
        />
      </fieldset>

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">Unternehmen</legend>
        <TextField
          {...form.text('company_name')}
          autoComplete="organization"
          required
          hint="Erscheint auf den Rechnungen."
        />
        <ImagePicker
          name="logo"
          label="Logo"
          current={profile.company?.logo ?? null}
          value={logo}
          onChange={(blob) => {
            setLogo(blob);
            setLogoError(undefined);
          }}
          crop={LOGO_CROP}
          hint="Wird auf 250 × 100 Pixel zugeschnitten."
          error={logoError}
        />
        <TextAreaField {...form.text('description')} maxLength={COMPANY_DESCRIPTION_MAX} rows={4} />
        <div className="form__row">
          <TextField
            {...form.text('url')}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="www.beispiel.at"
          />
          <TextField {...form.text('vat_number')} />
        </div>
        <TextField {...form.text('address')} autoComplete="street-address" />
        <div className="form__row">
          <TextField {...form.text('zip_code')} autoComplete="postal-code" inputMode="numeric" />
          <TextField {...form.text('city')} autoComplete="address-level2" />
        </div>
      </fieldset>

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">Auszahlung</legend>
        <div className="form__row">
          <TextField {...form.text('iban')} autoComplete="off" spellCheck={false} />
          <TextField {...form.text('bic')} autoComplete="off" spellCheck={false} />
        </div>
      </fieldset>

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
