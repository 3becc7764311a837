import { useState } from 'react';
import { documentProblem } from '@gm/shared/auth/seller-registration';
import { MSG } from '@gm/shared/validation/messages';
import { verificationProfileSchema, type Profile } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useForm } from '../../../lib/use-form.ts';
import { DocumentField } from '../../../components/form/document-field.tsx';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { saveProfile } from '../api/profile.ts';
import { isDirty, useLeaveSave } from './use-leave-save.ts';
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

/** Tab 2 'Verifizierung' for sellers (02 §2 dashboard banner, §5): owner data and the three ID documents. */
export function VerificationForm({ profile }: { profile: Profile }) {
  const stored = profile.verification;
  const initial = {
    firstName: stored?.firstName ?? profile.detail.firstName ?? '',
    lastName: stored?.lastName ?? profile.detail.lastName ?? '',
    bday: stored?.bday ?? profile.bday ?? '',
    id_front: '',
    id_back: '',
    id_additional: '',
  };
  const save = useProfileSave();
  const [files, setFiles] = useState<Partial<Record<DocumentName, File>>>({});
  const leave = useLeaveSave((event) => form.handleSubmit(event));
  const form = useForm({
    initial,
    schema: verificationProfileSchema,
    labels: LABELS,
    prepare: (values) => ({
      firstName: values.firstName,
      lastName: values.lastName,
      bday: values.bday,
      section: 'verification',
      version: profile.version,
    }),
    submit: async (data) => {
      // All three documents are required in the profile (02 §5): on file already, or chosen now.
      const missing = DOCUMENTS.filter((d) => !files[d.field] && !stored?.documents[d.field]);
      if (missing.length) {
        for (const d of missing) form.setFieldError(d.field, MSG.required);
        return;
      }
      const uploads: Record<string, string> = {};
      for (const d of DOCUMENTS) {
        const file = files[d.field];
        if (!file) continue;
        try {
          uploads[`${d.field}_upload_id`] = await uploadImage(file, 'verification-document');
        } catch (error) {
          form.setFieldError(
            d.field,
            error instanceof ApiError
              ? error.message
              : 'Das Bild konnte nicht hochgeladen werden. Bitte versuche es erneut.',
          );
          return;
        }
      }
      await saveProfile(profile.id, { ...data, ...uploads });
      leave.markSaved();
      await save.afterSave(leave.leaving.current);
    },
    onServerError: save.onServerError,
  });
  const dirty = !save.submitted && (Object.keys(files).length > 0 || isDirty(form.values, initial));

  function choose(field: DocumentName, file: File | undefined) {
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) {
      setFiles(({ [field]: _dropped, ...rest }) => rest);
      form.setFieldError(field, problem);
      return;
    }
    form.setFieldError(field, undefined);
    setFiles((current) => ({ ...current, [field]: file }));
  }

  return (
    <form className="form profile-form" onSubmit={form.handleSubmit} noValidate data-testid="verification-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
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
        <TextField {...form.text('firstName')} autoComplete="given-name" required />
        <TextField {...form.text('lastName')} autoComplete="family-name" required />
      </div>
      <TextField {...form.text('bday')} type="date" autoComplete="bday" required />
      <div className="profile-form__documents">
        {DOCUMENTS.map((d) => (
          <div key={d.field}>
            <DocumentField
              name={d.field}
              label={d.label}
              file={files[d.field]}
              error={form.errors[d.field]}
              required
              onSelect={(file) => choose(d.field, file)}
            />
            {stored?.documents[d.field] && !files[d.field] && (
              <p className="field__hint profile-form__on-file">Bereits hochgeladen.</p>
            )}
          </div>
        ))}
      </div>
      <div className="profile-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={form.submitting}
          data-testid="verification-submit"
        >
          Speichern
        </button>
      </div>
      <LoadingOverlay show={form.submitting} label="Wird gespeichert…" />
      <LeaveGuard dirty={dirty && !form.submitting} onSave={leave.saveForLeave} />
    </form>
  );
}
