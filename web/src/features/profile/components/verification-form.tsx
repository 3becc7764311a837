import { useWatch } from 'react-hook-form';
import { documentProblem } from '@gm/shared/auth/seller-registration';
import { MSG } from '@gm/shared/validation/messages';
import { verificationProfileSchema, type Profile } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formSchema } from '../../../lib/form-schema.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { DocumentField } from '../../../components/form/document-field.tsx';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { useSaveProfile } from '../api/profile.ts';
import { useLeaveSave } from './use-leave-save.ts';
import { useProfileSave } from './use-profile-save.ts';
import './profile-form.css';

const DOCUMENTS = [
  { field: 'id_front', label: 'Ausweis Vorderseite' },
  { field: 'id_back', label: 'Ausweis Rückseite' },
  { field: 'id_additional', label: 'Zusätzliches Dokument' },
] as const;
type DocumentName = (typeof DOCUMENTS)[number]['field'];

const LABELS = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  bday: 'Geburtsdatum',
  id_front: 'Ausweis Vorderseite',
  id_back: 'Ausweis Rückseite',
  id_additional: 'Zusätzliches Dokument',
};

const STATUS_TEXT = {
  submitted: 'Deine Dokumente werden geprüft.',
  verified: 'Dein Konto ist verifiziert. Die Dokumente können nicht mehr geändert werden.',
  rejected: 'Deine Dokumente wurden abgelehnt. Bitte lade neue hoch.',
} as const;

function initialValues(profile: Profile) {
  const stored = profile.verification;
  return {
    section: 'verification' as const,
    version: profile.version,
    firstName: stored?.firstName ?? profile.detail.firstName ?? '',
    lastName: stored?.lastName ?? profile.detail.lastName ?? '',
    bday: stored?.bday ?? profile.bday ?? '',
    // Newly chosen documents; the contract takes upload ids, which the submit adds after uploading these.
    id_front: undefined as File | undefined,
    id_back: undefined as File | undefined,
    id_additional: undefined as File | undefined,
  };
}

const FORM_SCHEMA = formSchema<ReturnType<typeof initialValues>>()(verificationProfileSchema);

/** Tab 2 'Verifizierung' for sellers (02 §2 dashboard banner, §5): owner data and the three ID documents. */
export function VerificationForm({ profile }: { profile: Profile }) {
  const stored = profile.verification;
  const save = useProfileSave();
  const saveProfile = useSaveProfile(profile.id);
  const form = useZodForm(FORM_SCHEMA, { defaultValues: initialValues(profile) });
  const files = useWatch({ control: form.control, name: ['id_front', 'id_back', 'id_additional'] });
  const fileOf = (field: DocumentName) => files[DOCUMENTS.findIndex((d) => d.field === field)];
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (data) => {
      // All three documents are required in the profile (02 §5): on file already, or chosen now.
      const missing = DOCUMENTS.filter((d) => !form.getValues(d.field) && !stored?.documents[d.field]);
      if (missing.length) {
        for (const d of missing) form.setError(d.field, { type: 'required', message: MSG.required });
        return;
      }
      const uploads: Record<string, string> = {};
      for (const d of DOCUMENTS) {
        const file = form.getValues(d.field);
        if (!file) continue;
        try {
          uploads[`${d.field}_upload_id`] = await uploadImage(file, 'verification-document');
        } catch (error) {
          form.setError(d.field, {
            type: 'upload',
            message:
              error instanceof ApiError
                ? error.message
                : 'Das Bild konnte nicht hochgeladen werden. Bitte versuche es erneut.',
          });
          return;
        }
      }
      await saveProfile.mutateAsync({ ...data, ...uploads });
      leave.markSaved();
      await save.afterSave(leave.leaving.current);
    },
    onServerError: save.onServerError,
  });
  const leave = useLeaveSave(() => onSubmit());
  const dirty = !save.submitted && form.formState.isDirty;

  function choose(field: DocumentName, file: File | undefined) {
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) {
      form.setValue(field, undefined, { shouldDirty: true });
      form.setError(field, { type: 'document', message: problem });
      return;
    }
    form.clearErrors(field);
    form.setValue(field, file, { shouldDirty: true });
  }

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate data-testid="verification-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      {stored && (
        <div
          className={`notice ${stored.status === 'rejected' ? 'notice--warning' : 'notice--info'}`}
          role="status"
          data-testid="verification-status"
        >
          <p>{STATUS_TEXT[stored.status]}</p>
        </div>
      )}
      <div className="form__row">
        <FormTextField
          control={form.control}
          name="firstName"
          label={LABELS.firstName}
          autoComplete="given-name"
          required
        />
        <FormTextField
          control={form.control}
          name="lastName"
          label={LABELS.lastName}
          autoComplete="family-name"
          required
        />
      </div>
      <FormTextField control={form.control} name="bday" label={LABELS.bday} type="date" autoComplete="bday" required />
      <div className="profile-form__documents">
        {DOCUMENTS.map((d) => (
          <div key={d.field}>
            <DocumentField
              name={d.field}
              label={d.label}
              file={fileOf(d.field)}
              error={form.formState.errors[d.field]?.message}
              required
              onSelect={(file) => choose(d.field, file)}
            />
            {stored?.documents[d.field] && !fileOf(d.field) && (
              <p className="field__hint profile-form__on-file">Bereits hochgeladen.</p>
            )}
          </div>
        ))}
      </div>
      <div className="profile-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={submitting}
          data-testid="verification-submit"
        >
          Speichern
        </button>
      </div>
      <LoadingOverlay show={submitting} label="Wird gespeichert…" />
      <LeaveGuard dirty={dirty && !submitting} onSave={leave.saveForLeave} />
    </form>
  );
}
