// The SMS on/off setting (docs/product.md §4): the admin's value, with a note when the server's environment overrides it.
import { SettingSwitch } from '../../components/setting-switch';
import { settingsMessages } from './messages';
import { useSettings } from './api/get-settings';
import { useUpdateSmsSetting } from './api/update-sms-setting';

const m = settingsMessages.sms;

export function SmsSetting() {
  const settings = useSettings();
  const update = useUpdateSmsSetting();
  const status = settings.status === 'ready' ? settings.data : null;
  return (
    <SettingSwitch
      id="sms"
      heading={m.heading}
      toggleLabel={m.toggle}
      checked={status ? (status.adminValue ?? false) : null}
      note={status && (status.source === 'env' ? m.envOverride(status.enabled) : m.inForce(status.enabled))}
      saving={update.status === 'pending'}
      error={update.status === 'error' ? m.saveFailed : settings.status === 'error' ? m.loadFailed : null}
      // The failure shows from the mutation's state.
      onChange={(next) => void update.mutate(next).catch(() => undefined)}
    />
  );
}
