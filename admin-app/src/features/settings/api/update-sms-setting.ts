// Saves the admin's SMS choice (null would fall back to the default). The answer is what is now in force, so it
// replaces the cached settings instead of invalidating them: the switch stays on screen while it saves.
import { useMutation, useQueryCache } from '@studio/shared/data';
import { settingsUpdateSchema } from '@studio/shared/schemas';
import { settingsKey } from './get-settings';

export function useUpdateSmsSetting() {
  const cache = useQueryCache();
  return useMutation(async (backend, smsEnabled: boolean | null) => {
    const update = settingsUpdateSchema.parse({ smsEnabled });
    const status = await backend.notifications.setSmsEnabled(update.smsEnabled);
    cache.set(settingsKey, status);
    return status;
  });
}
