// The storage contract suites of sessions, second factor, passkeys, outbox, sign-in limits, SMS, contracts and
// deploys on SQLite (each case on a fresh database file in a temp folder). The same suites run on Firestore in
// firebase/test/emulator/storage-b.test.ts.
//
// Until the SQLite stores of the port (ports.ts) land, the stores run here are today's SQLite code seen through the
// port: today's repositories where their calls already fit, and for what still lives in lib/ (sessions, second
// factor, SMS) or hashes a secret itself (contract links, deploy tokens), the same SQL the lib/ and repository code
// runs. Once the port's SQLite stores are in, `sqliteStores` below becomes the stores of `sqliteStorageOn(db)`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/db/database';
import { createContractsRepository } from '../../src/repositories/contracts-repository';
import { createDeploysRepository } from '../../src/repositories/deploys-repository';
import { createOutboxRepository } from '../../src/repositories/outbox-repository';
import { createPasskeysRepository } from '../../src/repositories/passkeys-repository';
import type {
  ContractEventInput,
  ContractsStore,
  DeploysStore,
  DeployToken,
  OutboxStore,
  PasskeysStore,
  SecondFactorStore,
  SessionsStore,
  SignInLimitsStore,
  SmsLogStore,
  StoredSession,
} from '../../src/repositories/ports';
import { SwitchError } from '../../src/repositories/ports';
import { createSignInLimitsRepository } from '../../src/repositories/sign-in-limits-repository';
import { SwitchError as TodaysSwitchError } from '../../src/repositories/deploys-repository';
import type { MakeStore } from './contract-kit-b';
import { describeContractsStoreContract } from './contracts-contract';
import { describeDeploysStoreContract } from './deploys-contract';
import { describeOutboxStoreContract } from './outbox-contract';
import { describePasskeysStoreContract } from './passkeys-contract';
import { describeSecondFactorStoreContract } from './second-factor-contract';
import { describeSessionsStoreContract } from './sessions-contract';
import { describeSignInLimitsStoreContract } from './sign-in-limits-contract';
import { describeSmsLogStoreContract } from './sms-log-contract';

function sessionsOn(db: Db): SessionsStore {
  const insertToken = db.prepare(
    'INSERT INTO sign_in_tokens (token_hash, email, expires_at, used_at) VALUES (?, ?, ?, NULL)',
  );
  const purgeTokens = db.prepare('DELETE FROM sign_in_tokens WHERE expires_at < ?');
  const getToken = db.prepare(
    'SELECT email, expires_at AS expiresAt, used_at AS usedAt FROM sign_in_tokens WHERE token_hash = ?',
  );
  const spendToken = db.prepare('UPDATE sign_in_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');
  const insertSession = db.prepare(
    'INSERT INTO sessions (id_hash, email, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
  );
  const getSession = db.prepare(
    'SELECT id_hash AS idHash, email, created_at AS createdAt, last_seen_at AS lastSeenAt FROM sessions WHERE id_hash = ?',
  );
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE created_at < ? OR last_seen_at < ?');
  const redeem = db.transaction((tokenHash: string, email: string, at: number) => {
    const row = getToken.get(tokenHash) as { email: string; expiresAt: number; usedAt: number | null } | undefined;
    if (!row || row.usedAt !== null || at >= row.expiresAt || row.email !== email) return false;
    return spendToken.run(at, tokenHash).changes === 1;
  });
  return {
    addSignInToken: async (tokenHash, email, expiresAt) => void insertToken.run(tokenHash, email, expiresAt),
    purgeSignInTokens: async (at) => void purgeTokens.run(at),
    redeemSignInToken: async (tokenHash, email, at) => redeem(tokenHash, email, at),
    addSession: async (s) => void insertSession.run(s.idHash, s.email, s.createdAt, s.lastSeenAt),
    getSession: async (idHash) => (getSession.get(idHash) as StoredSession | undefined) ?? null,
    touchSession: async (idHash, at) => void touch.run(at, idHash),
    deleteSession: async (idHash) => remove.run(idHash).changes > 0,
    purgeSessions: async (createdBefore, lastSeenBefore) => void purge.run(createdBefore, lastSeenBefore),
  };
}

function secondFactorOn(db: Db): SecondFactorStore {
  const insertStep = db.prepare(
    'INSERT INTO pending_sign_ins (id_hash, email, expires_at, failures) VALUES (?, ?, ?, 0)',
  );
  const getStep = db.prepare('SELECT email, expires_at AS expiresAt FROM pending_sign_ins WHERE id_hash = ?');
  const failStep = db.prepare(
    'UPDATE pending_sign_ins SET failures = failures + 1 WHERE id_hash = ? RETURNING failures',
  );
  const deleteStep = db.prepare('DELETE FROM pending_sign_ins WHERE id_hash = ?');
  const purgeSteps = db.prepare('DELETE FROM pending_sign_ins WHERE expires_at <= ?');
  const put = db.prepare(
    `INSERT INTO webauthn_challenges (owner_hash, purpose, challenge, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (owner_hash, purpose) DO UPDATE SET challenge = excluded.challenge, expires_at = excluded.expires_at`,
  );
  const get = db.prepare(
    'SELECT challenge, expires_at AS expiresAt FROM webauthn_challenges WHERE owner_hash = ? AND purpose = ?',
  );
  const del = db.prepare('DELETE FROM webauthn_challenges WHERE owner_hash = ? AND purpose = ?');
  const purgeChallenges = db.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?');
  const take = db.transaction((ownerHash: string, purpose: string) => {
    const row = get.get(ownerHash, purpose) as { challenge: string; expiresAt: number } | undefined;
    if (!row) return null;
    del.run(ownerHash, purpose);
    return row;
  });
  return {
    addStep: async (idHash, email, expiresAt) => void insertStep.run(idHash, email, expiresAt),
    getStep: async (idHash) => (getStep.get(idHash) as { email: string; expiresAt: number } | undefined) ?? null,
    recordStepFailure: async (idHash) => (failStep.get(idHash) as { failures: number } | undefined)?.failures ?? null,
    deleteStep: async (idHash) => void deleteStep.run(idHash),
    purgeSteps: async (at) => void purgeSteps.run(at),
    putChallenge: async (ownerHash, purpose, challenge, expiresAt) =>
      void put.run(ownerHash, purpose, challenge, expiresAt),
    takeChallenge: async (ownerHash, purpose) => take(ownerHash, purpose),
    deleteChallenge: async (ownerHash, purpose) => void del.run(ownerHash, purpose),
    purgeChallenges: async (at) => void purgeChallenges.run(at),
    clear: async () => {
      db.exec('DELETE FROM pending_sign_ins; DELETE FROM webauthn_challenges;');
    },
  };
}

function smsLogOn(db: Db): SmsLogStore {
  const countSince = db.prepare('SELECT COUNT(*) AS n FROM sms_log WHERE sent_at > ?');
  const record = db.prepare('INSERT INTO sms_log (booking_id, kind, sent_at) VALUES (?, ?, ?)');
  const release = db.prepare('DELETE FROM sms_log WHERE id = ?');
  const reserve = db.transaction(
    (bookingId: string, kind: string, at: number, limits: ReadonlyArray<{ windowMs: number; max: number }>) => {
      for (const limit of limits) {
        if ((countSince.get(at - limit.windowMs) as { n: number }).n >= limit.max) return null;
      }
      return String(record.run(bookingId, kind, at).lastInsertRowid);
    },
  );
  return {
    reserve: async (bookingId, kind, at, limits) => reserve(bookingId, kind, at, limits),
    release: async (id) => void release.run(Number(id)),
  };
}

function passkeysOn(db: Db): PasskeysStore {
  const repo = createPasskeysRepository(db);
  // Today's userHandle makes its own random candidate; the port's is given one.
  const insertHandle = db.prepare('INSERT OR IGNORE INTO passkey_users (email, user_handle) VALUES (?, ?)');
  const getHandle = db.prepare('SELECT user_handle AS handle FROM passkey_users WHERE email = ?');
  return {
    userHandle: async (email, candidate) => {
      insertHandle.run(email, candidate);
      return (getHandle.get(email) as { handle: string }).handle;
    },
    list: async (email) => repo.list(email),
    credentialsOf: async (email) => repo.credentialsOf(email),
    count: async (email) => repo.count(email),
    find: async (id) => repo.find(id) ?? null,
    add: async (passkey) => repo.add(passkey),
    recordUse: async (id, previous, next, at) => repo.recordUse(id, previous, next, at),
    remove: async (email, id) => repo.remove(email, id),
    removeEverything: async () => repo.removeEverything(),
    hasRecoveryCode: async (email) => repo.hasRecoveryCode(email),
    replaceRecoveryCode: async (email, codeHash, at) => repo.replaceRecoveryCode(email, codeHash, at),
    spendRecoveryCode: async (email, codeHash, at) => repo.spendRecoveryCode(email, codeHash, at),
    dropRecoveryCodes: async (email) => repo.dropRecoveryCodes(email),
  };
}

function outboxOn(db: Db): OutboxStore {
  const repo = createOutboxRepository(db);
  return {
    add: async (message, at, attachments) => repo.add(message, at, attachments),
    attachments: async (id) => repo.attachments(id),
    attachment: async (id, position) => repo.attachment(id, position) ?? null,
    list: async (limit) => repo.list(limit),
    redactSignInToken: async (token) => repo.redactSignInToken(token),
    redactLinksIssuedBefore: async (before) => repo.redactLinksIssuedBefore(before),
    purgeBefore: async (before) => repo.purgeBefore(before),
  };
}

function signInLimitsOn(db: Db): SignInLimitsStore {
  const repo = createSignInLimitsRepository(db);
  return {
    hit: async (key, windowMs, at) => repo.hit(key, windowMs, at),
    purgeOlderThan: async (before) => repo.purgeOlderThan(before),
  };
}

function contractsOn(db: Db): ContractsStore {
  const repo = createContractsRepository(db);
  // Today's send and link hash the token themselves; the port is given the hash: the same SQL with it.
  const markSent = db.prepare(
    `UPDATE contracts SET status = 'sent', sent_at = ?, updated_at = ? WHERE id = ? AND status != 'signed'`,
  );
  const deleteLink = db.prepare('DELETE FROM contract_links WHERE contract_id = ?');
  const insertLink = db.prepare('INSERT INTO contract_links (token_hash, contract_id, expires_at) VALUES (?, ?, ?)');
  const linkByHash = db.prepare(
    'SELECT contract_id AS contractId, expires_at AS expiresAt FROM contract_links WHERE token_hash = ?',
  );
  const send = db.transaction(
    (id: string, tokenHash: string, expiresAt: string, at: string, event: ContractEventInput) => {
      if (markSent.run(at, at, id).changes === 0) return null;
      deleteLink.run(id);
      insertLink.run(tokenHash, id, expiresAt);
      repo.addEvent(id, at, event);
      return repo.find(id) ?? null;
    },
  );
  return {
    find: async (id) => repo.find(id) ?? null,
    listForBooking: async (bookingId) => repo.listForBooking(bookingId),
    create: async (bookingId, input, at, event) => repo.create(bookingId, input, at, event),
    edit: async (id, input, at, event) => repo.edit(id, input, at, event) ?? null,
    send: async (id, tokenHash, expiresAt, at, event) => send(id, tokenHash, expiresAt, at, event),
    link: async (tokenHash) =>
      (linkByHash.get(tokenHash) as { contractId: string; expiresAt: string } | undefined) ?? null,
    // Today's view adds the event whether or not the contract exists (a foreign key error then): looked up first.
    view: async (id, at, event) => (repo.find(id) ? (repo.view(id, at, event) ?? null) : null),
    sign: async (id, signed, at, event) => repo.sign(id, signed, at, event) ?? null,
    addEvent: async (id, at, event) => repo.addEvent(id, at, event),
    latestStates: async () => repo.latestStates(),
    signedPdf: async (id) => repo.signedPdf(id) ?? null,
  };
}

function deploysOn(db: Db): DeploysStore {
  // Today's repository reads its clock for every time it stamps; the port is given the time: the clock is set to it.
  let clock = new Date(0);
  const repo = createDeploysRepository(db, () => clock);
  const at = <T>(iso: string, call: () => T) => {
    clock = new Date(iso);
    return call();
  };
  const insertToken = db.prepare(
    'INSERT INTO deploy_tokens (id, remote, label, token_hash, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const tokenByHash = db.prepare(
    'SELECT id, remote, label, created_at AS createdAt, revoked_at AS revokedAt FROM deploy_tokens WHERE token_hash = ?',
  );
  return {
    addVersion: async (version) => at(version.createdAt, () => repo.addVersion(version)),
    getVersion: async (remote, version) => repo.getVersion(remote, version) ?? null,
    listVersions: async (remote) => repo.listVersions(remote),
    removeVersion: async (remote, version) => repo.removeVersion(remote, version),
    live: async (remote) => repo.live(remote) ?? null,
    allLive: async () => repo.allLive(),
    previous: async (remote) => repo.previous(remote),
    switchLive: async (remote, version, by, kind, when) => {
      try {
        return at(when, () => repo.switchLive(remote, version, by, kind));
      } catch (error) {
        // Today's repository has its own SwitchError class; the port's is the one callers check.
        if (error instanceof TodaysSwitchError) throw new SwitchError(error.reason, error.message);
        throw error;
      }
    },
    history: async (remote, limit) => repo.history(remote, limit),
    addToken: async (record: DeployToken, tokenHash) =>
      void insertToken.run(record.id, record.remote, record.label, tokenHash, record.createdAt, record.revokedAt),
    tokenByHash: async (tokenHash) => (tokenByHash.get(tokenHash) as DeployToken | undefined) ?? null,
    listTokens: async (remote) => repo.listTokens(remote),
    revokeToken: async (id, when) => at(when, () => repo.revokeToken(id)),
    revokeTokensOf: async (remote, when) => at(when, () => repo.revokeTokensOf(remote)),
  };
}

const onSqlite =
  <S>(create: (db: Db) => S): MakeStore<S> =>
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-store-b-'));
    const db = openDatabase(dataDir);
    return {
      store: create(db),
      close: async () => {
        db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };

describe('SQLite stores', () => {
  describeSessionsStoreContract(onSqlite(sessionsOn));
  describeSecondFactorStoreContract(onSqlite(secondFactorOn));
  describePasskeysStoreContract(onSqlite(passkeysOn));
  describeOutboxStoreContract(onSqlite(outboxOn));
  describeSignInLimitsStoreContract(onSqlite(signInLimitsOn));
  describeSmsLogStoreContract(onSqlite(smsLogOn));
  describeContractsStoreContract(onSqlite(contractsOn));
  describeDeploysStoreContract(onSqlite(deploysOn));
});
