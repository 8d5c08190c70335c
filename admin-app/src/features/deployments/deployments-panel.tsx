// The admin's Deployments view (docs/deploy.md): per remote, the kept versions (when, by whom, which is live) and a
// rollback to any of them after a confirmation, and a preview of one that is not live (an uploaded version is not on
// the site until it goes live: its preview is a signed address for her only, that expires). A lazy chunk: loaded when
// she opens the tab, never by a visitor.
import { useState } from 'react';
import { format } from 'date-fns';
import type { DeployedVersion, RemoteDeployments, VersionPreview } from '@studio/shared/schemas/deployment';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { useDeployments } from './api/get-deployments';
import { useRollBack } from './api/roll-back';
import { usePreviewVersion } from './api/preview-version';
import { deploymentMessages as m } from './messages';
import './deployments.css';

const moment = (ts: string) => format(new Date(ts), 'MMM d, yyyy, HH:mm');
const nameOf = (remote: string) => m.remote[remote] ?? remote;

interface Pending {
  remote: RemoteDeployments;
  version: DeployedVersion;
}

function ConfirmRollBack({
  pending,
  onDone,
  onClose,
}: {
  pending: Pending;
  onDone: (text: string) => void;
  onClose: () => void;
}) {
  const rollBack = useRollBack();
  const name = nameOf(pending.remote.remote);
  const { version } = pending.version;
  return (
    <ConfirmDialog
      title={m.confirmTitle}
      body={m.confirmText(name, pending.remote.live, version)}
      confirmLabel={m.confirm}
      busyLabel={m.rollingBack}
      tone="primary"
      failureText={(error) => `${m.failed} ${error instanceof Error ? error.message : ''}`.trim()}
      onConfirm={() => rollBack.mutate({ remote: pending.remote.remote, version })}
      onDone={() => onDone(m.rolledBack(name, version))}
      onClose={onClose}
    />
  );
}

function PreviewVersion({ remote, version }: { remote: RemoteDeployments; version: DeployedVersion }) {
  const preview = usePreviewVersion();
  const [address, setAddress] = useState<VersionPreview | null>(null);
  const name = nameOf(remote.remote);
  if (address) {
    const { url, expiresAt } = address;
    return (
      <a className="btn btn-small" href={url} target="_blank" rel="noopener noreferrer">
        {m.openPreview(version.version, format(new Date(expiresAt), 'HH:mm'))}
      </a>
    );
  }
  const busy = preview.status === 'pending';
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        aria-busy={busy}
        aria-label={m.previewLabel(name, version.version)}
        onClick={() =>
          void preview.mutate({ remote: remote.remote, version: version.version }).then(
            setAddress,
            // The failure shows from the mutation's state.
            () => undefined,
          )
        }
      >
        {m.preview}
      </button>
      {preview.status === 'error' && (
        <span className="alert alert-error" role="alert">
          {m.previewFailed}
        </span>
      )}
    </>
  );
}

function RemoteSection({ remote, onRollBack }: { remote: RemoteDeployments; onRollBack: (p: Pending) => void }) {
  const name = nameOf(remote.remote);
  const headingId = `deployments-${remote.remote}`;
  // The switches the view holds (the latest ones): a version never switched to was uploaded and never made live.
  const everLive = new Set(remote.history.map((h) => h.toVersion));
  return (
    <section className="card deployments-remote" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId}>{name}</h3>
        {remote.live === null && <p className="muted">{m.buildOutput}</p>}
        {remote.versions.length === 0 ? (
          <p className="muted">{m.noVersions}</p>
        ) : (
          <ul className="deployments-list">
            {remote.versions.map((v) => (
              <li key={v.version} className={v.live ? 'is-live' : undefined}>
                <div>
                  <code>{v.version}</code>
                  <span className="muted">
                    {m.deployed} {moment(v.createdAt)} · {m.by} {v.deployedBy}
                    {!v.live && !everLive.has(v.version) && ` · ${m.uploaded}`}
                  </span>
                </div>
                {v.live ? (
                  <span className="deployments-live">{m.live}</span>
                ) : v.missing ? (
                  <span className="muted">{m.missing}</span>
                ) : (
                  <div className="deployments-actions">
                    <PreviewVersion remote={remote} version={v} />
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={m.rollBackLabel(name, v.version)}
                      onClick={() => onRollBack({ remote, version: v })}
                    >
                      {m.rollBack}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {remote.history.length > 0 && (
          <details className="deployments-history">
            <summary>{m.recent}</summary>
            <ul>
              {remote.history.slice(0, 10).map((h, i) => (
                <li key={`${h.switchedAt}-${i}`}>
                  <span>{m.switched(h.kind, h.fromVersion, h.toVersion)}</span>
                  <span className="muted">
                    {moment(h.switchedAt)} · {h.switchedBy}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
}

export default function DeploymentsPanel() {
  const list = useDeployments();
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="deployments">
      <h2 className="visually-hidden">{m.heading}</h2>
      <p className="muted">{m.intro}</p>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {m.loadFailed}
        </p>
      )}
      {list.status === 'ready' && list.data === null && <p className="muted">{m.unsupported}</p>}
      {list.status === 'ready' && list.data !== null && (
        <div className="deployments-remotes">
          {list.data.remotes.map((remote) => (
            <RemoteSection key={remote.remote} remote={remote} onRollBack={setPending} />
          ))}
        </div>
      )}
      {pending && (
        <ConfirmRollBack
          pending={pending}
          onClose={() => setPending(null)}
          onDone={(text) => {
            setPending(null);
            setNotice(text);
          }}
        />
      )}
    </div>
  );
}
