import { Link } from 'react-router';
import { useUser } from '../../../entities/user/api/user.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { useSaveUserSettings, useUserSettings } from '../api/settings.ts';
import { onlySettings } from './global-settings-panel.tsx';
import { TableState } from '../../../components/ui/table-state.tsx';
import { SettingsForm } from './settings-form.tsx';
import { SUCCESS_CLOSE_MS } from '../../../components/ui/use-confirmed-action.ts';
import './platform-admin.css';

/** The seller the form is for: username and company name (03 §2 'headed by the seller's username and company name'). */
export function SellerHeading({ userId }: { userId: string }) {
  const { data } = useUser(userId);
  if (!data) return null;
  return (
    <p className="platform-admin__seller" data-testid="settings-seller">
      <span className="platform-admin__seller-name">{data.username}</span>
      {data.company?.name && <span className="platform-admin__seller-company">{data.company.name}</span>}
    </p>
  );
}

/** /settings/user/{id} 'Payout Settings': the seller's own values, prefilled with what applies now. */
export function UserSettingsPanel({ userId }: { userId: string }) {
  const user = useUser(userId);
  const { data, error, isLoading, refetch } = useUserSettings(userId);
  const save = useSaveUserSettings();
  const dialog = useDialog();
  if (user.data && user.data.user_role.role.name !== 'seller')
    return <p className="notice notice--error">Dieser Benutzer ist kein Verkäufer.</p>;
  if (!data)
    return <TableState loading={isLoading} failed={Boolean(error)} empty={false} onRetry={() => void refetch()} />;
  const exists = Boolean(data.data.id);
  return (
    <>
      <p className="notice notice--info" data-testid="user-settings-source">
        {exists ? (
          'Für diesen Verkäufer gelten eigene Einstellungen; sie ersetzen die globalen.'
        ) : (
          <>
            Dieser Verkäufer hat noch keine eigenen Einstellungen: es gelten die{' '}
            <Link to="/settings">globalen Einstellungen</Link>. Speichern legt eigene an.
          </>
        )}
      </p>
      <SettingsForm
        key={exists ? 'own' : 'global'}
        initial={onlySettings(data.data)}
        testId="user-settings-form"
        onSave={async (values) => {
          const answer = await save.mutateAsync({ userId, exists, values });
          void dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
        }}
      />
    </>
  );
}
