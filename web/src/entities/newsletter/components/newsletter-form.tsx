import { useId } from 'react';
import { Link } from 'react-router';
import { useController } from 'react-hook-form';
import * as z from 'zod/mini';
import { MSG } from '@gm/shared/validation/messages';
import { NEWSLETTER_TEXT, type NewsletterSource } from '@gm/shared/admin/newsletter';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { paths } from '../../../config/paths.ts';
import { CheckboxField, FieldFrame, FormMessage, fieldId } from '../../../components/ui/form-fields.tsx';
import { newsletterSignUpSchema, useNewsletterSignUp } from '../api/newsletter.ts';
import './newsletter-form.css';

const LABELS = { email: 'E-Mail-Adresse für den Newsletter', consent: 'Einwilligung' };

/** The contract with the checkbox's boolean (an unticked box is false, which the contract refuses in German). */
const formSchema = z.extend(newsletterSignUpSchema, {
  consent: z.pipe(
    z.boolean().check(z.refine((ticked) => ticked, { error: MSG.mustAccept })),
    z.transform(() => true as const),
  ),
});

/**
 * The newsletter sign-up (01 §2 popup 'Wir spenden für DICH!' and the footer; issue 13): address and
 * consent → `POST newsletter`; afterwards the answer (check your mail) replaces the form. The field ids
 * carry the source, so the footer's form and another form of the page never share an id or a label.
 */
export function NewsletterForm({ source, tone = 'light' }: { source: NewsletterSource; tone?: 'light' | 'dark' }) {
  const signUp = useNewsletterSignUp();
  const form = useZodForm(formSchema, { defaultValues: { email: '', consent: false, source } });
  const { onSubmit, message, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      await signUp.mutateAsync(input);
    },
  });
  const email = useController({ control: form.control, name: 'email' });
  const consent = useController({ control: form.control, name: 'consent' });
  const errorId = useId();
  const emailName = `newsletter-${source}-email`;

  if (signUp.isSuccess)
    return (
      <p
        className={`newsletter-form__done newsletter-form--${tone}`}
        role="status"
        data-testid={`newsletter-done-${source}`}
      >
        {signUp.data}
      </p>
    );

  return (
    <form
      className={`form newsletter-form newsletter-form--${tone}`}
      onSubmit={(event) => {
        // A sign-up in a popup never submits a form the popup happens to sit in (React events bubble).
        event.stopPropagation();
        void onSubmit(event);
      }}
      noValidate
      data-testid={`newsletter-form-${source}`}
    >
      <FormMessage message={message} />
      <div className="newsletter-form__row">
        <FieldFrame
          name={emailName}
          label={LABELS.email}
          error={email.fieldState.error?.message}
          required
          errorId={errorId}
        >
          <input
            id={fieldId(emailName)}
            ref={email.field.ref}
            name={emailName}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email.field.value ?? ''}
            onChange={(event) => email.field.onChange(event.target.value)}
            onBlur={email.field.onBlur}
            aria-invalid={email.fieldState.error ? true : undefined}
            aria-required
            aria-describedby={errorId}
            className="input"
            data-testid={`newsletter-email-${source}`}
          />
        </FieldFrame>
        <button
          type="submit"
          className="button button--primary newsletter-form__submit"
          disabled={submitting}
          data-testid={`newsletter-submit-${source}`}
        >
          {NEWSLETTER_TEXT.submit}
        </button>
      </div>
      <CheckboxField
        name={`newsletter-${source}-consent`}
        ref={consent.field.ref}
        checked={consent.field.value === true}
        onCheckedChange={consent.field.onChange}
        error={consent.fieldState.error?.message}
        required
      >
        Ja, ich möchte den Newsletter erhalten. Abmelden geht jederzeit über den Link in jeder E-Mail. Mehr dazu unter{' '}
        <Link to={paths.datenschutz} target="_blank" rel="noopener">
          Datenschutz
        </Link>
        .
      </CheckboxField>
    </form>
  );
}
