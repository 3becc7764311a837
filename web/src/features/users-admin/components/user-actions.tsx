import { Fragment } from 'react';
import { Link } from 'react-router';
import type { UserFlagPath } from '@gm/shared/admin/users';
import { roleOfUser, type ApiUser } from '@gm/shared/auth/contracts';
import { useImpersonate } from '../../../entities/user/api/impersonation.ts';
import { useDeleteUser, useToggleUserFlag, useToggleUserStatus } from '../api/users.ts';
import type { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { SellerActivationAction } from './seller-activation.tsx';

type Runner = ReturnType<typeof useConfirmedAction>;

/** The switches of 03 §2 with the action each button offers from the current state (the opposite one). */
const SWITCHES: Array<{ flag: UserFlagPath; on: (u: ApiUser) => boolean; turnOn: string; turnOff: string }> = [
  { flag: 'user-gift-status', on: (u) => u.gift_locked, turnOn: 'Geschenk sperren', turnOff: 'Geschenk entsperren' },
  {
    flag: 'user-auth-status',
    on: (u) => u.is_custom_auth,
    turnOn: 'Eigene Anmeldung aktivieren',
    turnOff: 'Normale Anmeldung aktivieren',
  },
  {
    flag: 'user-custom-order-confirmation',
    on: (u) => u.is_custom_confirmation,
    turnOn: 'Bestellbestätigungs-Mail aktivieren',
    turnOff: 'Bestellbestätigungs-Mail deaktivieren',
  },
  {
    flag: 'user-monthly-reporting-status',
    on: (u) => u.monthly_reporting,
    turnOn: 'Monatliches Reporting aktivieren',
    turnOff: 'Monatliches Reporting deaktivieren',
  },
  {
    flag: 'user-tourism-status',
    on: (u) => u.is_tourism,
    turnOn: 'Tourismus-Konto aktivieren',
    turnOff: 'Tourismus-Konto deaktivieren',
  },
];

/** What is switched on for the user, shown as tags under the name. */
export function userStateTags(user: ApiUser): string[] {
  const seller = roleOfUser(user) === 'seller';
  const tags: string[] = [];
  if (!user.isActivated) tags.push(seller ? 'Nicht aktiviert' : 'Deaktiviert');
  if (user.gift_locked) tags.push('Geschenk gesperrt');
  if (user.is_custom_auth) tags.push('Eigene Anmeldung');
  if (user.is_custom_confirmation) tags.push('Eigene Bestellbestätigung');
  if (user.monthly_reporting) tags.push('Monatliches Reporting');
  if (user.is_tourism) tags.push('Tourismus-Konto');
  return tags;
}

/**
 * The row actions of /users (03 §2): activate (sellers not yet activated) or activate/deactivate
 * (buyers), take this user's role, payout settings (sellers), the switches (sellers; issue 13: the tourism account), delete.
 */
export function UserActions({ user, runner }: { user: ApiUser; runner: Runner }) {
  const seller = roleOfUser(user) === 'seller';
  const toggleFlag = useToggleUserFlag();
  const toggleStatus = useToggleUserStatus();
  const remove = useDeleteUser();
  const impersonate = useImpersonate();
  const name = user.username;
  const busy = runner.busy || impersonate.isPending;

  const button = (label: string, onClick: () => void, testId: string, extra = '') => (
    <button
      type="button"
      className={`button button--outline button--small ${extra}`.trim()}
      onClick={onClick}
      disabled={busy}
      aria-label={`${label}: ${name}`}
      data-testid={testId}
    >
      {label}
    </button>
  );

  return (
    <div className="users-admin__actions">
      {seller ? (
        <SellerActivationAction userId={user.id} username={name} isActivated={user.isActivated} />
      ) : (
        button(
          user.isActivated ? 'Deaktivieren' : 'Aktivieren',
          () => void runner.run(() => toggleStatus.mutateAsync(user.id)),
          'user-status-toggle',
        )
      )}
      {button(
        'Rolle übernehmen',
        () =>
          impersonate.mutate(user.id, {
            onError: (error) => {
              console.error('Impersonation failed', error);
              void runner.run(() => Promise.reject(error));
            },
          }),
        'user-impersonate',
      )}
      {seller && (
        <Link
          className="button button--outline button--small"
          to={`/settings/user/${encodeURIComponent(user.id)}`}
          aria-label={`Auszahlungseinstellungen: ${name}`}
          data-testid="user-payout-settings"
        >
          Auszahlungseinstellungen
        </Link>
      )}
      {seller &&
        SWITCHES.map((s) => (
          <Fragment key={s.flag}>
            {button(
              s.on(user) ? s.turnOff : s.turnOn,
              () => void runner.run(() => toggleFlag.mutateAsync({ flag: s.flag, id: user.id })),
              `user-${s.flag}`,
            )}
          </Fragment>
        ))}
      {button(
        'Löschen',
        () =>
          void runner.run(() => remove.mutateAsync(user.id), {
            confirm: `Soll das Konto „${name}“ wirklich gelöscht werden? Das kann nicht rückgängig gemacht werden.`,
          }),
        'user-delete',
        'users-admin__delete',
      )}
    </div>
  );
}
