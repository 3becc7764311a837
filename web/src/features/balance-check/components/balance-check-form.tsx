import { useEffect, useRef, useState } from 'react';
import {
  BALANCE_TEXT,
  balanceCheckRequestSchema,
  balanceCodeFrom,
  type BalanceCheckResponse,
} from '@gm/shared/wallet/balance-check';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { QrCamera } from '../../../components/ui/qr-camera.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { useBalanceCheck } from '../api/balance-check.ts';
import { BalanceResult } from './balance-result.tsx';
import './balance-check-form.css';

const LABELS = { code: BALANCE_TEXT.codeLabel };

/**
 * The balance check (issue 13): a code typed, pasted as the QR URL, or scanned with the camera →
 * the result card. `initialCode` (the page's `?code=`, from the voucher PDF and mails) is filled in
 * and checked at once when it is a well-formed code.
 */
export function BalanceCheckForm({ initialCode = '' }: { initialCode?: string }) {
  const check = useBalanceCheck();
  const [result, setResult] = useState<BalanceCheckResponse | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [camera, setCamera] = useState(false);
  const form = useZodForm(balanceCheckRequestSchema, { defaultValues: { code: initialCode } });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async ({ code }) => {
      setResult(null);
      setNotFound(false);
      setResult(await check.mutateAsync(code));
    },
    onServerError: (error) => {
      if (error.status !== 404) return false;
      setNotFound(true);
      return true;
    },
  });

  // The link from the PDF or a mail: check it once on arrival.
  const autoChecked = useRef(false);
  useEffect(() => {
    if (autoChecked.current || !balanceCodeFrom(initialCode)) return;
    autoChecked.current = true;
    void onSubmit();
  }, [initialCode, onSubmit]);

  const onScan = (text: string) => {
    setCamera(false);
    form.setValue('code', balanceCodeFrom(text) ?? text);
    void onSubmit();
  };

  const code = form.watch('code');
  return (
    <div className="balance-check">
      <form className="form" onSubmit={onSubmit} noValidate data-testid="balance-check-form">
        <FormMessage message={message} />
        <FormErrorSummary fields={summary} />
        <FormTextField
          control={form.control}
          name="code"
          label={LABELS.code}
          hint={BALANCE_TEXT.codeHint}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          data-testid="balance-code"
        />
        <div className="balance-check__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={submitting || !code.trim()}
            data-testid="balance-submit"
          >
            {BALANCE_TEXT.submit}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setCamera((open) => !open)}
            aria-expanded={camera}
            data-testid="balance-scan"
          >
            {BALANCE_TEXT.scan}
          </button>
        </div>
      </form>
      {camera && <QrCamera onResult={onScan} onClose={() => setCamera(false)} />}
      <div aria-live="polite" className="balance-check__answer">
        {submitting && (
          <p className="balance-check__busy" role="status" data-testid="balance-checking">
            <Spinner size="sm" />
            {BALANCE_TEXT.checking}
          </p>
        )}
        {notFound && (
          <div className="notice notice--warning" role="alert" data-testid="balance-not-found">
            <AlertIcon size={20} />
            <div>
              <p className="notice__title">{BALANCE_TEXT.notFound}</p>
              <p>{BALANCE_TEXT.notFoundHint}</p>
            </div>
          </div>
        )}
        {result && <BalanceResult result={result} />}
      </div>
    </div>
  );
}
