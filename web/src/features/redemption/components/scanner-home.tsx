import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { REDEMPTION_REDIRECT_MS, REDEMPTION_TEXT, type ScannedVoucher } from '@gm/shared/redemption/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { fieldId } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRedeem, useScanCode } from '../api/redemption.ts';
import { scanCodeFormSchema } from '../redemption-amount.ts';
import { QrCamera } from '../../../components/ui/qr-camera.tsx';
import { RedemptionForm, type RedemptionAmount } from './redemption-form.tsx';
import './scanner-home.css';
import './scanner-card.css';

/**
 * The scanner (02 §2 "Scanner home", §4 "Scan flow"): no code loaded shows the scanner (typed code
 * or camera); a code the server accepts shows the redemption panel; cancel or success returns to
 * the scanner, success after 3 s. A 422 (or an unknown code) shows 'Warnung!' with the server's
 * message and resets the scanner; an expired voucher asks for a confirmation first. A `?code=` in
 * the URL (the voucher's QR URL `/qr/<code>` sends staff here) is looked up at once, as if typed,
 * and then removed from the URL so a reload or the reset does not look it up again. A redemption
 * invalidates the redemptions, the voucher's numbers and the dashboard (api/redemption.ts).
 */
export function ScannerHome() {
  const dialog = useDialog();
  const codeForm = useZodForm(scanCodeFormSchema, { defaultValues: { code: '' } });
  const scan = useScanCode();
  const redemption = useRedeem();
  const [camera, setCamera] = useState(false);
  const [voucher, setVoucher] = useState<ScannedVoucher | null>(null);
  const [busy, setBusy] = useState(false);
  /** One Idempotency-Key per redemption attempt: a retry of the same attempt never redeems twice. */
  const attemptKey = useRef<string>(crypto.randomUUID());
  const [params, setParams] = useSearchParams();
  const linkedCode = params.get('code')?.trim() || null;
  /** The linked code already looked up (React may run the effect twice for one URL). */
  const linkedDone = useRef<string | null>(null);

  /** After each reset (cancel, success, warning) focus goes back to the code field, not to <body> (keyboard users). */
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick > 0) document.getElementById(fieldId('code'))?.focus();
  }, [focusTick]);

  function reset() {
    setFocusTick((n) => n + 1);
    setVoucher(null);
    codeForm.reset({ code: '' });
    setCamera(false);
    setBusy(false);
    attemptKey.current = crypto.randomUUID();
  }

  async function warn(error: unknown) {
    const message = error instanceof ApiError ? error.message : TEXT.genericError;
    reset();
    await dialog.warning(message, { title: TEXT.warning });
  }

  async function lookUp(text: string) {
    setCamera(false);
    setBusy(true);
    try {
      const found = await scan.mutateAsync(text);
      if ('kind' in found) {
        // An employee voucher is redeemed at once when scanned (02 §2): show the success, then reset.
        const back = window.setTimeout(reset, REDEMPTION_REDIRECT_MS);
        await dialog.success(`${found.message} ${found.redemption.title}: ${found.redemption.employee_value}`, {
          autoCloseMs: REDEMPTION_REDIRECT_MS,
        });
        window.clearTimeout(back);
        reset();
        return;
      }
      attemptKey.current = crypto.randomUUID();
      setVoucher(found);
      setBusy(false);
    } catch (error) {
      await warn(error);
    }
  }

  const lookUpRef = useRef(lookUp);
  lookUpRef.current = lookUp;
  useEffect(() => {
    if (!linkedCode) {
      linkedDone.current = null;
      return;
    }
    if (linkedDone.current === linkedCode) return;
    linkedDone.current = linkedCode;
    codeForm.setValue('code', linkedCode);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        return next;
      },
      { replace: true },
    );
    void lookUpRef.current(linkedCode);
  }, [linkedCode, setParams, codeForm]);

  const submitCode = codeForm.handleSubmit(({ code }) => lookUp(code));

  async function submitRedemption(amount: RedemptionAmount, confirmExpired = false) {
    if (!voucher) return;
    setBusy(true);
    try {
      await redemption.mutateAsync({
        request: { order_id: voucher.id, ...amount, ...(confirmExpired ? { confirm_expired: true } : {}) },
        idempotencyKey: attemptKey.current,
      });
      const back = window.setTimeout(reset, REDEMPTION_REDIRECT_MS);
      await dialog.success(REDEMPTION_TEXT.redeemed, { autoCloseMs: REDEMPTION_REDIRECT_MS });
      window.clearTimeout(back);
      reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.fieldError('confirm_expired') && !confirmExpired) {
        setBusy(false);
        const confirmed = await dialog.confirm(error.fieldError('confirm_expired'), {
          title: TEXT.warning,
          confirmLabel: 'Trotzdem einlösen',
        });
        if (confirmed) await submitRedemption(amount, true);
        return;
      }
      // No definite answer (network, 409, 5xx): the form and its Idempotency-Key stay, so pressing
      // 'Einlösen' again repeats the same attempt and can never redeem twice.
      if (!(error instanceof ApiError) || error.status === 0 || error.status === 409 || error.status >= 500) {
        setBusy(false);
        await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
        return;
      }
      await warn(error);
    }
  }

  if (voucher)
    return (
      <RedemptionForm
        key={voucher.id}
        voucher={voucher}
        busy={busy}
        onSubmit={(amount) => void submitRedemption(amount)}
        onCancel={reset}
      />
    );

  return (
    <div className="card scanner-home" data-testid="scanner-home">
      <form className="scanner-home__manual" onSubmit={submitCode} noValidate>
        <FormTextField
          control={codeForm.control}
          name="code"
          label="Gutscheincode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint="Gib den Code unter dem QR-Code ein oder scanne ihn mit der Kamera."
          data-testid="scanner-code"
        />
        <button type="submit" className="button button--primary" disabled={busy} data-testid="scanner-code-submit">
          Code prüfen
        </button>
      </form>
      <div className="scanner-home__divider" aria-hidden="true">
        <span>oder</span>
      </div>
      {camera ? (
        <QrCamera onResult={(text) => void lookUp(text)} onClose={() => setCamera(false)} />
      ) : (
        <button
          type="button"
          className="button button--outline scanner-home__camera"
          onClick={() => setCamera(true)}
          disabled={busy}
          data-testid="scanner-open-camera"
        >
          Kamera öffnen und QR-Code scannen
        </button>
      )}
    </div>
  );
}
