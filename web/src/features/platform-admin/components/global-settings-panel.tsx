import { SETTINGS_FIELDS, type Settings } from '@gm/shared/settings/contracts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { useGlobalSettings, useSaveGlobalSettings } from '../api/settings.ts';
import { TableState } from '../../../components/ui/table-state.tsx';
import { SettingsForm } from './settings-form.tsx';
import { SUCCESS_CLOSE_MS } from '../../../components/ui/use-confirmed-action.ts';
import './platform-admin.css';

export const onlySettings = (data: Settings): Settings =>
  Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, data[field]])) as Settings;

/** /settings 'Global Settings' (03 §2): the six values every seller without its own follows. */
export function GlobalSettingsPanel() {
  const { data, error, isLoading, refetch } = useGlobalSettings();
  const save = useSaveGlobalSettings();
  const dialog = useDialog();
  if (!data)
    return <TableState loading={isLoading} failed={Boolean(error)} empty={false} onRetry={() => void refetch()} />;
  const { id } = data.data;
  return (
    <>
      {!id && (
        <p className="notice notice--info" data-testid="settings-defaults">
          Noch nicht gespeichert: es gelten die Standardwerte.
        </p>
      )}
      <SettingsForm
        key={id ?? 'defaults'}
        initial={onlySettings(data.data)}
        testId="global-settings-form"
        onSave={async (values) => {
          const answer = await save.mutateAsync({ id, values });
          void dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
        }}
      />
    </>
  );
}
