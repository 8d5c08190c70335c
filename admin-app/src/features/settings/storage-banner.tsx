// Her dashboard's word on the server's disk: nothing while it has room; a banner when it is almost full (below
// MIN_FREE_DISK_MB) or full (writes refused: visitors are told to try again later, and nothing they send is kept).
import { settingsMessages } from './messages';
import { useStorageStatus } from './api/get-storage-status';

const m = settingsMessages.storage;

export function StorageBanner() {
  const storage = useStorageStatus();
  if (storage.status !== 'ready' || storage.data.state === 'ok') return null;
  const full = storage.data.state === 'full';
  return (
    <div className="alert alert-error mail-banner" role="alert">
      <p>
        <strong>{full ? m.fullHeading : m.lowHeading}</strong>
      </p>
      <p>{full ? m.full : m.low}</p>
    </div>
  );
}
