import { useId } from 'react';
import { Link } from 'react-router';
import { useController, type Control } from 'react-hook-form';
import { CONTACT_MESSAGE_MAX, CONTACT_SUCCESS_MS, type ContactRequest } from '@gm/shared/contact/contracts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FieldFrame, FormErrorSummary, FormMessage, fieldId } from '../../../components/ui/form-fields.tsx';
import { FormCheckboxField, FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { contactRequestSchema, sendContact } from '../api/send-contact.ts';
import './contact-form.css';

/** Field labels in form order (the failed-submit warning lists them). */
const LABELS = { name: 'Name', phone: 'Telefon', email: 'E-Mail', message: 'Nachricht', consent: 'Datenschutz' };
/** The consent starts unticked (undefined): the contract accepts only a ticked box. */
const EMPTY: Partial<ContactRequest> = { name: '', phone: '', email: '', message: '' };

/** The message with a live count towards its 2000 characters; the shared contract gives the limit's message. */
function MessageField({ control }: { control: Control<ContactRequest> }) {
  const { field, fieldState } = useController({ control, name: 'message' });
  const countId = useId();
  const errorId = useId();
  const error = fieldState.error?.message;
  const value = field.value ?? '';
  return (
    <FieldFrame name="message" label={LABELS.message} error={error} required errorId={errorId}>
      <textarea
        id={fieldId('message')}
        ref={field.ref}
        name="message"
        rows={6}
        value={value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-required
        aria-describedby={`${countId} ${errorId}`}
        className="input contact-form__message"
      />
      <p id={countId} className={`contact-form__count${value.length > CONTACT_MESSAGE_MAX ? ' is-over' : ''}`}>
        {value.length} / {CONTACT_MESSAGE_MAX}
      </p>
    </FieldFrame>
  );
}

/** Contact form of the imprint (01 §2): name, phone, e-mail, message and privacy consent; all but phone required. */
export function ContactForm() {
  const dialog = useDialog();
  const form = useZodForm(contactRequestSchema, { defaultValues: EMPTY });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      // An empty phone is left out rather than sent as ''.
      const answer = await sendContact({ ...input, phone: input.phone || undefined });
      // The form is empty again for the next message; the success dialog closes itself after 2 s (01 §9).
      form.reset(EMPTY);
      void dialog.success(answer.message, { autoCloseMs: CONTACT_SUCCESS_MS });
    },
  });

  return (
    <form className="form contact-form" onSubmit={onSubmit} noValidate data-testid="contact-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <div className="form__row">
        <FormTextField
          control={form.control}
          name="name"
          label={LABELS.name}
          required
          autoComplete="name"
          maxLength={120}
        />
        <FormTextField
          control={form.control}
          name="phone"
          label={LABELS.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={50}
          hint="Optional"
        />
      </div>
      <FormTextField
        control={form.control}
        name="email"
        label={LABELS.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <MessageField control={form.control} />
      <FormCheckboxField control={form.control} name="consent" required>
        Ich bin einverstanden, dass meine Angaben zur Beantwortung meiner Anfrage verarbeitet werden. Mehr dazu in der{' '}
        <Link to={paths.datenschutz}>Datenschutzerklärung</Link>.
      </FormCheckboxField>
      <button
        type="submit"
        className="button button--primary contact-form__submit"
        disabled={submitting}
        data-testid="contact-submit"
      >
        Nachricht senden
      </button>
      <LoadingOverlay show={submitting} label="Nachricht wird gesendet…" />
    </form>
  );
}
