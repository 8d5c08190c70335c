// Her trusted devices on the dashboard: each device she marked as hers at sign-in, by its browser's name,
// when it was added and last used, and signing it out after a confirmation, which ends its session at once. Signing
// out the device she is on signs her out here too.
import { useState } from 'react';
import { format } from 'date-fns';
import type { TrustedDevice } from '@studio/shared/domain';
import { authStore } from '@studio/shared/auth-store';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { trustedDeviceMessages } from './messages';
import { useRevokeTrustedDevice, useTrustedDevices } from './api/trusted-devices';
import './trusted-devices.css';

const m = trustedDeviceMessages;
const moment = (ts: string) => format(new Date(ts), 'MMM d, yyyy, HH:mm');

function EndDeviceDialog({
  device,
  onClose,
  onEnded,
}: {
  device: TrustedDevice;
  onClose: () => void;
  onEnded: () => void;
}) {
  const revoke = useRevokeTrustedDevice();
  return (
    <ConfirmDialog
      title={m.endTitle}
      body={device.current ? m.endThisText : m.endText(device.device)}
      confirmLabel={m.end}
      busyLabel={m.ending}
      failureText={() => m.endFailed}
      onConfirm={() => revoke.mutate(device.id)}
      onDone={() => {
        // The session this page runs on has ended: the app shows her signed out, as the server already has.
        if (device.current) authStore.getState().setUser(null);
        onEnded();
      }}
      onClose={onClose}
    />
  );
}

export function TrustedDevicesSection() {
  const list = useTrustedDevices();
  const [ending, setEnding] = useState<TrustedDevice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const devices = list.status === 'ready' ? list.data : [];

  return (
    <section className="card trusted-devices" aria-labelledby="trusted-devices-heading">
      <div className="card-body">
        <h2 id="trusted-devices-heading">{m.heading}</h2>
        {list.status === 'ready' && (
          <>
            <p className="muted">{devices.length > 0 ? m.intro : m.none}</p>
            {devices.length > 0 && (
              <ul className="trusted-devices-list">
                {devices.map((d) => (
                  <li key={d.id}>
                    <div>
                      <strong>
                        {d.device}
                        {d.current && <span className="trusted-devices-current">{m.thisDevice}</span>}
                      </strong>
                      <span className="muted">{m.added(moment(d.createdAt))}</span>
                      <span className="muted">{m.lastUsed(moment(d.lastSeenAt))}</span>
                    </div>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={m.endLabel(d.device)}
                      onClick={() => {
                        setNotice(null);
                        setEnding(d);
                      }}
                    >
                      {m.end}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {notice && (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        )}
        {list.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {m.loadFailed}
          </p>
        )}
      </div>
      {ending && (
        <EndDeviceDialog
          device={ending}
          onClose={() => setEnding(null)}
          onEnded={() => {
            setNotice(m.ended(ending.device));
            setEnding(null);
          }}
        />
      )}
    </section>
  );
}
