// The SMS on/off setting (docs/product.md §4): the admin's value, with a note when the server's environment overrides it.
import { useEffect, useState } from 'react';
import { backend } from '@studio/shared/backend';
import type { SmsStatus } from '@studio/shared/domain';
import { messages } from '../../messages';
import './sms-setting.css';

const m = messages.sms;

export function SmsSetting() {
  const [status, setStatus] = useState<SmsStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    backend.notifications.getSmsStatus().then(
      (s) => live && setStatus(s),
      () => live && setError(m.loadFailed),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (enabled: boolean) => {
    setSaving(true);
    setError(null);
    try {
      setStatus(await backend.notifications.setSmsEnabled(enabled));
    } catch {
      setError(m.saveFailed);
    } finally {
      setSaving(false);
    }
  };

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
                onChange={(e) => void toggle(e.target.checked)}
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
