// Her choice (issue 27): an e-mail per client action, or one digest a day instead.
import { clientActionMessages as m } from './messages';
import { useClientActionSettings, useSetDailyDigest } from './api/client-actions';
import '../settings/sms-setting.css';

export function DigestSetting() {
  const settings = useClientActionSettings();
  const update = useSetDailyDigest();
  const value = settings.status === 'ready' ? settings.data.dailyDigest : null;
  const saving = update.status === 'pending';
  const error =
    update.status === 'error' ? m.digestSaveFailed : settings.status === 'error' ? m.digestLoadFailed : null;
  return (
    <section className="card sms-setting" aria-labelledby="digest-heading">
      <div className="card-body">
        <h2 id="digest-heading">{m.digestHeading}</h2>
        {value !== null && (
          <>
            <label className="checkbox sms-toggle">
              <input
                type="checkbox"
                role="switch"
                checked={value}
                disabled={saving}
                aria-busy={saving}
                aria-describedby="digest-in-force"
                // The failure shows from the mutation's state.
                onChange={(e) => void update.mutate(e.target.checked).catch(() => undefined)}
              />
              <span>{m.digestToggle}</span>
            </label>
            <p id="digest-in-force" className="muted">
              {value ? m.digestOn : m.digestOff}
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
