// The remotes' versions, live pointers, switch history and deploy tokens on Firestore (the port's DeploysStore):
// - `deployRemotes/{remote}`: which version is live (absent: the build output is, as before any deploy), the number
//   of the switch that made it live, and the counters that number versions and switches;
// - `deployRemotes/{remote}/versions/{version}` and `deployRemotes/{remote}/switches/{seq}`;
// - `deployTokens/{tokenHash}`: a token's record, named by the only form of the token that is kept.
// Remote names and versions are checked by the deploy schemas ([a-z-] names, 16 hex digits) before they get here.
// A switch reads and writes the remote's document in one transaction, so two switches racing are ordered and the
// history names the version each one replaced.
import type { Firestore } from 'firebase-admin/firestore';
import {
  SwitchError,
  type DeployToken,
  type DeploysStore,
  type LiveVersion,
  type StoredVersion,
  type SwitchRecord,
} from './deploys-store';
import { runTransaction } from '../../platform/firestore/transaction';

interface RemoteDoc {
  remote: string;
  live: { version: string; switchedAt: string; switchSeq: number } | null;
  versionsAdded: number;
  switches: number;
}

interface VersionDoc extends StoredVersion {
  seq: number;
}

interface SwitchDoc extends SwitchRecord {
  seq: number;
}

interface TokenDoc extends DeployToken {
  tokenHash: string;
  /** Of two issued in the same millisecond, the first issued is listed first (SQLite: rowid). */
  seq: number;
}

const seqId = (seq: number) => String(seq).padStart(10, '0');

const emptyRemote = (remote: string): RemoteDoc => ({ remote, live: null, versionsAdded: 0, switches: 0 });

const toVersion = ({ remote, version, createdAt, deployedBy, tokenLabel, summary }: VersionDoc): StoredVersion => ({
  remote,
  version,
  createdAt,
  deployedBy,
  tokenLabel,
  summary,
});

const toSwitch = ({ remote, fromVersion, toVersion: to, switchedAt, switchedBy, kind }: SwitchDoc): SwitchRecord => ({
  remote,
  fromVersion,
  toVersion: to,
  switchedAt,
  switchedBy,
  kind,
});

const toToken = ({ id, remote, label, createdAt, revokedAt }: TokenDoc): DeployToken => ({
  id,
  remote,
  label,
  createdAt,
  revokedAt,
});

const byCreation = <T extends { createdAt: string; seq: number }>(a: T, b: T) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.seq - b.seq;

export function createFirestoreDeploysStore(db: Firestore): DeploysStore {
  const remotes = db.collection('deployRemotes');
  const tokens = db.collection('deployTokens');
  const tokenMeta = db.collection('deployMeta').doc('tokens');
  const remoteRef = (remote: string) => remotes.doc(remote);
  const versionRef = (remote: string, version: string) => remoteRef(remote).collection('versions').doc(version);
  const switchRef = (remote: string, seq: number) => remoteRef(remote).collection('switches').doc(seqId(seq));

  const liveOf = (doc: RemoteDoc | undefined): LiveVersion | null =>
    doc?.live ? { remote: doc.remote, version: doc.live.version, switchedAt: doc.live.switchedAt } : null;

  return {
    addVersion(version) {
      return runTransaction(db, async (tx) => {
        const ref = versionRef(version.remote, version.version);
        const [remoteSnap, versionSnap] = [await tx.get(remoteRef(version.remote)), await tx.get(ref)];
        // The same content stored again keeps its first record.
        if (versionSnap.exists) return false;
        const remote = (remoteSnap.data() as RemoteDoc | undefined) ?? emptyRemote(version.remote);
        const seq = remote.versionsAdded + 1;
        tx.set(remoteRef(version.remote), { ...remote, versionsAdded: seq });
        tx.create(ref, { ...toVersion({ ...version, seq }), seq } satisfies VersionDoc);
        return true;
      });
    },

    async getVersion(remote, version) {
      const doc = (await versionRef(remote, version).get()).data() as VersionDoc | undefined;
      return doc ? toVersion(doc) : null;
    },

    async listVersions(remote) {
      // A remote keeps a handful of versions (deploys/ prunes them): sorted here, newest first.
      const snap = await remoteRef(remote).collection('versions').get();
      return snap.docs
        .map((d) => d.data() as VersionDoc)
        .sort((a, b) => byCreation(b, a))
        .map(toVersion);
    },

    async removeVersion(remote, version) {
      await versionRef(remote, version).delete();
    },

    async live(remote) {
      return liveOf((await remoteRef(remote).get()).data() as RemoteDoc | undefined);
    },

    async allLive() {
      const snap = await remotes.get();
      return snap.docs.flatMap((d) => liveOf(d.data() as RemoteDoc) ?? []);
    },

    async previous(remote) {
      const doc = (await remoteRef(remote).get()).data() as RemoteDoc | undefined;
      if (!doc?.live) return null;
      // The switch that made the live version live is the latest switch to it (a switch to the version already live
      // records nothing).
      const made = (await switchRef(remote, doc.live.switchSeq).get()).data() as SwitchDoc | undefined;
      return made?.fromVersion ?? null;
    },

    switchLive(remote, version, by, kind, at) {
      return runTransaction(db, async (tx) => {
        const doc = ((await tx.get(remoteRef(remote))).data() as RemoteDoc | undefined) ?? emptyRemote(remote);
        let target = version;
        if (target === null) {
          const made = doc.live
            ? ((await tx.get(switchRef(remote, doc.live.switchSeq))).data() as SwitchDoc | undefined)
            : undefined;
          target = made?.fromVersion ?? null;
        }
        if (target === null) throw new SwitchError('no-previous', `${remote} has no earlier version to roll back to.`);
        if (!(await tx.get(versionRef(remote, target))).exists) {
          throw new SwitchError('unknown-version', `${remote} has no version ${target}.`);
        }
        const record: SwitchRecord = {
          remote,
          fromVersion: doc.live?.version ?? null,
          toVersion: target,
          switchedAt: at,
          switchedBy: by,
          kind,
        };
        if (doc.live?.version === target) return record;
        const seq = doc.switches + 1;
        tx.set(remoteRef(remote), { ...doc, live: { version: target, switchedAt: at, switchSeq: seq }, switches: seq });
        tx.create(switchRef(remote, seq), { ...record, seq } satisfies SwitchDoc);
        return record;
      });
    },

    async history(remote, limit) {
      const snap = await remoteRef(remote).collection('switches').orderBy('seq', 'desc').limit(limit).get();
      return snap.docs.map((d) => toSwitch(d.data() as SwitchDoc));
    },

    async addToken(record, tokenHash) {
      await runTransaction(db, async (tx) => {
        const seq = (((await tx.get(tokenMeta)).data()?.issued as number | undefined) ?? 0) + 1;
        tx.set(tokenMeta, { issued: seq });
        tx.create(tokens.doc(tokenHash), {
          ...toToken({ ...record, tokenHash, seq }),
          tokenHash,
          seq,
        } satisfies TokenDoc);
      });
    },

    async tokenByHash(tokenHash) {
      const doc = (await tokens.doc(tokenHash).get()).data() as TokenDoc | undefined;
      return doc ? toToken(doc) : null;
    },

    async listTokens(remote) {
      const snap = await tokens.where('remote', '==', remote).get();
      return snap.docs
        .map((d) => d.data() as TokenDoc)
        .sort(byCreation)
        .map(toToken);
    },

    revokeToken(id, at) {
      return runTransaction(db, async (tx) => {
        const found = await tx.get(tokens.where('id', '==', id));
        const live = found.docs.filter((d) => (d.data() as TokenDoc).revokedAt === null);
        for (const d of live) tx.update(d.ref, { revokedAt: at });
        return live.length;
      });
    },

    revokeTokensOf(remote, at) {
      return runTransaction(db, async (tx) => {
        const found = await tx.get(tokens.where('remote', '==', remote).where('revokedAt', '==', null));
        for (const d of found.docs) tx.update(d.ref, { revokedAt: at });
        return found.size;
      });
    },
  };
}
