import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CONTACT_MESSAGE_MAX, CONTACT_SUCCESS_MS } from '@gm/shared/contact/contracts';
import { useForm } from '../../../lib/use-form.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import {
  CheckboxField,
  FieldFrame,
  FormErrorSummary,
  FormMessage,
  TextField,
  fieldId,
} from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { contactRequestSchema, sendContact } from '../api/send-contact.ts';
import './contact-form.css';

const LABELS = { name: 'Name', phone: 'Telefon', email: 'E-Mail', message: 'Nachricht', consent: 'Datenschutz' };
const INITIAL = { name: '', phone: '', email: '', message: '', consent: false };

/** The message with a live count towards its 2000 characters; the shared contract gives the limit's message. */
function MessageField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  const countId = useId();
  const errorId = useId();
  return (
    <FieldFrame name="message" label={LABELS.message} error={error} required errorId={errorId}>
      <textarea
        id={fieldId('message')}
        name="message"
        rows={6}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
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

function ContactFields({ onSent }: { onSent: (message: string) => void }) {
  const form = useForm({
    initial: INITIAL,
    schema: contactRequestSchema,
    labels: LABELS,
    prepare: (values) => ({ ...values, phone: values.phone.trim() || undefined, consent: values.consent || undefined }),
    submit: async (input) => {
      const answer = await sendContact(input);
      onSent(answer.message);
    },
  });

  return (
    <form className="form contact-form" onSubmit={form.handleSubmit} noValidate data-testid="contact-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <div className="form__row">
        <TextField {...form.text('name')} required autoComplete="name" maxLength={120} />
        <TextField
          {...form.text('phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={50}
          hint="Optional"
        />
      </div>
      <TextField {...form.text('email')} type="email" autoComplete="email" inputMode="email" required />
      <MessageField
        value={String(form.values.message)}
        onValueChange={(value) => form.setValue('message', value)}
        error={form.errors.message}
      />
      <CheckboxField
        name="consent"
        checked={Boolean(form.values.consent)}
        onCheckedChange={(checked) => form.setValue('consent', checked)}
        error={form.errors.consent}
        required
      >
        Ich bin einverstanden, dass meine Angaben zur Beantwortung meiner Anfrage verarbeitet werden. Mehr dazu in der{' '}
        <Link to={paths.datenschutz}>Datenschutzerklärung</Link>.
      </CheckboxField>
      <button
        type="submit"
        className="button button--primary contact-form__submit"
        disabled={form.submitting}
        data-testid="contact-submit"
      >
        Nachricht senden
      </button>
      <LoadingOverlay show={form.submitting} label="Nachricht wird gesendet…" />
    </form>
  );
}

/** Contact form of the imprint (01 §2): name, phone, e-mail, message and privacy consent; all but phone required. */
export function ContactForm() {
  const dialog = useDialog();
  // A new key gives an empty form after each sent message.
  const [round, setRound] = useState(0);
  return (
    <ContactFields
      key={round}
      onSent={(message) => {
        setRound((r) => r + 1);
        void dialog.success(message, { autoCloseMs: CONTACT_SUCCESS_MS });
      }}
    />
  );
}
