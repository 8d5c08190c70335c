// The SMS on/off setting (docs/product.md §4): the admin's value, with a note when the server's environment overrides it.
import { messages } from '../../messages';
import { useSettings } from './api/get-settings';
import { useUpdateSmsSetting } from './api/update-sms-setting';
import './sms-setting.css';

const m = messages.sms;

export function SmsSetting() {
  const settings = useSettings();
  const update = useUpdateSmsSetting();
  const status = settings.status === 'ready' ? settings.data : null;
  const saving = update.status === 'pending';
  const error = update.status === 'error' ? m.saveFailed : settings.status === 'error' ? m.loadFailed : null;

  return (
    <section className="card sms-setting" aria-labelledby="sms-heading">
      <div className="card-body">
        <h2 id="sms-heading">{m.heading}</h2>
        {status && (
          <>
            <label className="checkbox sms-toggle">
              <input
                type="checkbox"
                role="switch"
                checked={status.adminValue ?? false}
                disabled={saving}
                aria-busy={saving}
                aria-describedby="sms-in-force"
                // The failure shows from the mutation's state.
                onChange={(e) => void update.mutate(e.target.checked).catch(() => undefined)}
              />
              <span>{m.toggle}</span>
            </label>
            <p id="sms-in-force" className="muted">
              {status.source === 'env' ? m.envOverride(status.enabled) : m.inForce(status.enabled)}
            </p>
          </>
        )}
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
