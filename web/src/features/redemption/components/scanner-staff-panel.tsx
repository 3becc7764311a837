import { useEffect, useRef } from 'react';
import { createScannerUserSchema, SCANNER_FORM_RELOAD_MS, type ScannerUser } from '@gm/shared/redemption/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { FormPasswordField, FormTextField } from '../../../components/form/form-controls.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerError, useZodForm } from '../../../lib/use-zod-form.ts';
import { useCreateScannerUser, useScannerUsers, useToggleScannerUser } from '../api/redemption.ts';
import './scanner-staff-panel.css';
import './scanner-card.css';

const EMPTY = { username: '', email: '', password: '' };

/**
 * Scanner staff (02 §2, §3, §4): the seller's scanner users with their status, a toggle whose label
 * names the opposite action (after a confirmation), and the form for a new one (username, e-mail,
 * password 8–16, the shared contract). A new user joins the list at once; the form starts over after 3 s.
 */
export function ScannerStaffPanel() {
  const dialog = useDialog();
  const staff = useScannerUsers();
  const create = useCreateScannerUser();
  const toggleUser = useToggleScannerUser();
  const form = useZodForm(createScannerUserSchema, { defaultValues: EMPTY });
  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(resetTimer.current), []);
  const rows = staff.data ?? [];

  const submit = form.handleSubmit(async (input) => {
    try {
      const answer = await create.mutateAsync(input);
      resetTimer.current = window.setTimeout(() => form.reset(EMPTY), SCANNER_FORM_RELOAD_MS);
      await dialog.success(answer.message, { autoCloseMs: SCANNER_FORM_RELOAD_MS });
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) {
        const other = applyServerError(error, form.setError, Object.keys(EMPTY));
        if (other) await dialog.warning(other, { title: TEXT.warning });
      } else
        await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
    }
  });

  async function toggle(user: ScannerUser) {
    const action = user.status ? 'deaktivieren' : 'aktivieren';
    if (!(await dialog.confirm(`Bist du sicher, dass du ${user.username} ${action} willst?`))) return;
    try {
      const answer = await toggleUser.mutateAsync(user.id);
      await dialog.success(answer.message, { autoCloseMs: 1000 });
    } catch (error) {
      await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
    }
  }

  return (
    <section className="card scanner-staff" aria-labelledby="scanner-staff-title" data-testid="scanner-staff">
      <h2 id="scanner-staff-title" className="scanner-section__title">
        Scanner-Benutzer
      </h2>
      {staff.error && !staff.data ? (
        <LoadFailed
          text="Die Scanner-Benutzer konnten gerade nicht geladen werden."
          onRetry={() => void staff.refetch()}
        />
      ) : !staff.data ? (
        <PageLoader label="Scanner-Benutzer werden geladen…" />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="scanner-staff__list">
          {rows.map((user) => (
            <li key={user.id} className="scanner-staff__item" data-testid="scanner-user">
              <div>
                <strong>{user.scanner}</strong>
                <span>{user.email}</span>
              </div>
              <span className={`scanner-status${user.status ? ' scanner-status--on' : ''}`}>
                {user.status ? 'Aktiv' : 'Inaktiv'}
              </span>
              <button
                type="button"
                className="button button--small button--outline"
                onClick={() => void toggle(user)}
                aria-label={`${user.status ? 'Deaktivieren' : 'Aktivieren'}: ${user.scanner}`}
                data-testid="scanner-user-toggle"
              >
                {user.status ? 'Deaktivieren' : 'Aktivieren'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="scanner-staff__form" onSubmit={submit} noValidate aria-labelledby="scanner-staff-form-title">
        <h3 id="scanner-staff-form-title" className="scanner-staff__form-title">
          Neuen Scanner-Benutzer anlegen
        </h3>
        <FormTextField control={form.control} name="username" label="Benutzername" required autoComplete="off" />
        <FormTextField control={form.control} name="email" label="E-Mail" type="email" required autoComplete="off" />
        <FormPasswordField
          control={form.control}
          name="password"
          label="Passwort"
          required
          autoComplete="new-password"
          hint="8 bis 16 Zeichen."
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending}
          data-testid="scanner-user-submit"
        >
          {create.isPending ? 'Wird angelegt…' : 'Anlegen'}
        </button>
      </form>
    </section>
  );
}
