import { useState } from 'react';
import { COMPANY_DESCRIPTION_MAX, SELLER_TEXT, formatIban } from '@gm/shared/auth/seller-registration';
import { REGIONS } from '@gm/shared/catalogue/reference-data';
import { PROFILE_TEXT, sellerProfileSchema, type Profile } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormSelectField, FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { formSchema } from '../../../lib/form-schema.ts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { FormTextAreaField } from '../../../components/form/text-area-field.tsx';
import { ImagePicker } from '../../../components/form/image-picker.tsx';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { useUniqueCheck, useUniqueGuard } from '../../../entities/user/use-unique-check.ts';
import { useSaveProfile } from '../api/profile.ts';
import { useLeaveSave } from './use-leave-save.ts';
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
    section: 'profile' as const,
    version: profile.version,
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

type Values = ReturnType<typeof initialValues>;

/** The form holds the fields as typed (region as text, '' for empty); the contract turns them into the request. */
const FORM_SCHEMA = formSchema<Values>()(sellerProfileSchema);

/** Tab 'Profil' for sellers (02 §2): account, company (with logo) and payout account in one save. */
export function SellerProfileForm({ profile }: { profile: Profile }) {
  const save = useProfileSave();
  const saveProfile = useSaveProfile(profile.id);
  const [logo, setLogo] = useState<Blob | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const guard = useUniqueGuard(FORM_SCHEMA);
  const form = useZodForm(guard.schema, { defaultValues: initialValues(profile) });
  const unique = useUniqueCheck(form, guard, { userId: profile.id, unchanged: { email: profile.email } });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
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
        await saveProfile.mutateAsync({ ...data, ...(logoUploadId ? { logo_upload_id: logoUploadId } : {}) });
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
  const leave = useLeaveSave(() => onSubmit());
  const dirty = !save.submitted && (logo !== null || form.formState.isDirty);
  const control = form.control;

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">Konto</legend>
        <FormTextField
          control={control}
          name="username"
          label={LABELS.username}
          disabled
          readOnly
          tooltip={SELLER_TEXT.usernameTooltip}
          hint={PROFILE_TEXT.usernameLocked}
        />
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
        <div className="form__row">
          <FormTextField
            control={control}
            name="phone_number"
            label={LABELS.phone_number}
            type="tel"
            autoComplete="tel"
            required
          />
          <FormSelectField
            control={control}
            name="region_id"
            label={LABELS.region_id}
            required
            options={REGIONS.map((r) => ({ value: String(r.id), label: r.label }))}
            placeholder="Region wählen"
          />
        </div>
        <FormTextField
          control={control}
          name="order_email"
          label={LABELS.order_email}
          type="email"
          inputMode="email"
          hint="Bestellbenachrichtigungen gehen zusätzlich an diese Adresse."
        />
      </fieldset>

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">Unternehmen</legend>
        <FormTextField
          control={control}
          name="company_name"
          label={LABELS.company_name}
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
        <FormTextAreaField
          control={control}
          name="description"
          label={LABELS.description}
          maxLength={COMPANY_DESCRIPTION_MAX}
          rows={4}
        />
        <div className="form__row">
          <FormTextField
            control={control}
            name="url"
            label={LABELS.url}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="www.beispiel.at"
          />
          <FormTextField control={control} name="vat_number" label={LABELS.vat_number} />
        </div>
        <FormTextField control={control} name="address" label={LABELS.address} autoComplete="street-address" />
        <div className="form__row">
          <FormTextField
            control={control}
            name="zip_code"
            label={LABELS.zip_code}
            autoComplete="postal-code"
            inputMode="numeric"
          />
          <FormTextField control={control} name="city" label={LABELS.city} autoComplete="address-level2" />
        </div>
      </fieldset>

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">Auszahlung</legend>
        <div className="form__row">
          <FormTextField control={control} name="iban" label={LABELS.iban} autoComplete="off" spellCheck={false} />
          <FormTextField control={control} name="bic" label={LABELS.bic} autoComplete="off" spellCheck={false} />
        </div>
      </fieldset>

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
