// Her choice: an e-mail per client action, or one digest a day instead.
import { SettingSwitch } from '../../components/setting-switch';
import { clientActionMessages as m } from './messages';
import { useClientActionSettings, useSetDailyDigest } from './api/client-actions';

export function DigestSetting() {
  const settings = useClientActionSettings();
  const update = useSetDailyDigest();
  const value = settings.status === 'ready' ? settings.data.dailyDigest : null;
  return (
    <SettingSwitch
      id="digest"
      heading={m.digestHeading}
      toggleLabel={m.digestToggle}
      checked={value}
      note={value ? m.digestOn : m.digestOff}
      saving={update.status === 'pending'}
      error={update.status === 'error' ? m.digestSaveFailed : settings.status === 'error' ? m.digestLoadFailed : null}
      // The failure shows from the mutation's state.
      onChange={(next) => void update.mutate(next).catch(() => undefined)}
    />
  );
}
