import { useState, type FormEvent } from 'react';
import { createScannerUserSchema, SCANNER_FORM_RELOAD_MS, type ScannerUser } from '@gm/shared/redemption/contracts';
import { toFieldErrors, type FieldErrors } from '@gm/shared/validation/fields';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PasswordField, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';
import { createScannerUser, listScannerUsers, toggleScannerUser } from '../api/redemption.ts';
import './scanner-staff-panel.css';
import './scanner-card.css';

const EMPTY = { username: '', email: '', password: '' };

/**
 * Scanner staff (02 §2, §3, §4): the seller's scanner users with their status, a toggle whose label
 * names the opposite action (after a confirmation), and the form for a new one (username, e-mail,
 * password 8–16). After a successful creation the form reloads after 3 s.
 */
export function ScannerStaffPanel() {
  const dialog = useDialog();
  const staff = useApiQuery('scanner-users', listScannerUsers, { staleMs: 0 });
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState<Record<string, ScannerUser>>({});
  const rows = (staff.data ?? []).map((user) => changed[user.id] ?? user);

  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: [] }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createScannerUserSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    try {
      const answer = await createScannerUser(form);
      window.setTimeout(() => {
        setForm(EMPTY);
        setErrors({});
        staff.reload();
      }, SCANNER_FORM_RELOAD_MS);
      await dialog.success(answer.message, { autoCloseMs: SCANNER_FORM_RELOAD_MS });
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) setErrors(error.fieldErrors);
      else await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
    } finally {
      setBusy(false);
    }
  }

  async function toggle(user: ScannerUser) {
    const action = user.status ? 'deaktivieren' : 'aktivieren';
    if (!(await dialog.confirm(`Bist du sicher, dass du ${user.username} ${action} willst?`))) return;
    try {
      const answer = await toggleScannerUser(user.id);
      setChanged((current) => ({ ...current, [user.id]: answer.data }));
      await dialog.success(answer.message, { autoCloseMs: 1000 });
    } catch (error) {
      await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
    }
  }

  const error = (field: string) => errors[field]?.[0];
  return (
    <section className="card scanner-staff" aria-labelledby="scanner-staff-title" data-testid="scanner-staff">
      <h2 id="scanner-staff-title" className="scanner-section__title">
        Scanner-Benutzer
      </h2>
      {staff.error && !staff.data ? (
        <LoadFailed text="Die Scanner-Benutzer konnten gerade nicht geladen werden." onRetry={staff.reload} />
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
        <TextField
          name="scanner_username"
          label="Benutzername"
          required
          autoComplete="off"
          value={form.username}
          onValueChange={set('username')}
          error={error('username')}
        />
        <TextField
          name="scanner_email"
          label="E-Mail"
          type="email"
          required
          autoComplete="off"
          value={form.email}
          onValueChange={set('email')}
          error={error('email')}
        />
        <PasswordField
          name="scanner_password"
          label="Passwort"
          required
          autoComplete="new-password"
          value={form.password}
          onValueChange={set('password')}
          error={error('password')}
          hint="8 bis 16 Zeichen."
        />
        <button type="submit" className="button button--primary" disabled={busy} data-testid="scanner-user-submit">
          {busy ? 'Wird angelegt…' : 'Anlegen'}
        </button>
      </form>
    </section>
  );
}
