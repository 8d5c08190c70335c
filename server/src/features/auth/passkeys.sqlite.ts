// The admin's passkeys and recovery codes (migration 004). Storage only: the WebAuthn checks, the hashing of codes and
// the notices live in services/passkeys.ts.
import type { Passkey } from '@studio/shared/domain';
import type { Db } from '../../platform/sqlite/database';
import type { PasskeysStore, StoredPasskey } from './passkeys-store';

export type { StoredPasskey };

interface PasskeyRow {
  id: string;
  email: string;
  publicKey: Buffer;
  counter: number;
  transports: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const COLUMNS =
  'id, email, public_key AS publicKey, counter, transports, name, created_at AS createdAt, last_used_at AS lastUsedAt';

const summary = (row: Pick<PasskeyRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

export function createPasskeysRepository(db: Db): PasskeysStore {
  const getHandle = db.prepare('SELECT user_handle AS handle FROM passkey_users WHERE email = ?');
  const insertHandle = db.prepare('INSERT OR IGNORE INTO passkey_users (email, user_handle) VALUES (?, ?)');
  const listOf = db.prepare(`SELECT ${COLUMNS} FROM passkeys WHERE email = ? ORDER BY created_at, rowid`);
  const countOf = db.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE email = ?');
  const byId = db.prepare(`SELECT ${COLUMNS} FROM passkeys WHERE id = ?`);
  const insert = db.prepare(
    'INSERT INTO passkeys (id, email, public_key, counter, transports, name, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
  );
  // Conditional on the counter read before the check: of two uses racing with the same counter, one wins.
  const use = db.prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?');
  const removeOne = db.prepare('DELETE FROM passkeys WHERE email = ? AND id = ?');
  const removeEvery = db.prepare('DELETE FROM passkeys');

  const unusedCode = db.prepare('SELECT 1 FROM recovery_codes WHERE email = ? AND used_at IS NULL LIMIT 1');
  const dropUnusedCodes = db.prepare('DELETE FROM recovery_codes WHERE email = ? AND used_at IS NULL');
  const insertCode = db.prepare(
    'INSERT INTO recovery_codes (code_hash, email, created_at, used_at) VALUES (?, ?, ?, NULL)',
  );
  const spendCode = db.prepare(
    'UPDATE recovery_codes SET used_at = ? WHERE code_hash = ? AND email = ? AND used_at IS NULL',
  );
  const dropCodesOf = db.prepare('DELETE FROM recovery_codes WHERE email = ?');
  const dropEveryCode = db.prepare('DELETE FROM recovery_codes');

  const toStored = (row: PasskeyRow): StoredPasskey => ({
    ...summary(row),
    email: row.email,
    publicKey: new Uint8Array(row.publicKey),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
  });

  const removeEverything = db.transaction((): number => {
    dropEveryCode.run();
    return removeEvery.run().changes;
  });
  const replaceRecoveryCode = db.transaction((email: string, codeHash: string, at: string) => {
    dropUnusedCodes.run(email);
    insertCode.run(codeHash, email, at);
  });

  return {
    /** Her WebAuthn user handle (base64url), made once: every passkey she adds carries the same one. */
    async userHandle(email, candidate) {
      insertHandle.run(email, candidate);
      return (getHandle.get(email) as { handle: string }).handle;
    },

    async list(email) {
      return (listOf.all(email) as PasskeyRow[]).map(summary);
    },

    /** Every passkey with what verifying an assertion needs. */
    async credentialsOf(email) {
      return (listOf.all(email) as PasskeyRow[]).map(toStored);
    },

    async count(email) {
      return (countOf.get(email) as { n: number }).n;
    },

    async find(id) {
      const row = byId.get(id) as PasskeyRow | undefined;
      return row ? toStored(row) : null;
    },

    async add(passkey) {
      insert.run(
        passkey.id,
        passkey.email,
        Buffer.from(passkey.publicKey),
        passkey.counter,
        JSON.stringify(passkey.transports),
        passkey.name,
        passkey.createdAt,
      );
      return summary({ ...passkey, lastUsedAt: null });
    },

    /** Records a verified use; false when another use of the same counter value got there first. */
    async recordUse(id, previousCounter, newCounter, at) {
      return use.run(newCounter, at, id, previousCounter).changes === 1;
    },

    async remove(email, id) {
      return removeOne.run(email, id).changes === 1;
    },

    /** Removes every passkey and recovery code of every address; answers how many passkeys went. */
    removeEverything: async () => removeEverything(),

    async hasRecoveryCode(email) {
      return unusedCode.get(email) !== undefined;
    },

    /** Stores a new code's hash in place of any unused one: only the newest code shown to her works. */
    replaceRecoveryCode: async (email, codeHash, at) => replaceRecoveryCode(email, codeHash, at),

    /** Spends an unused code; false when there is none with that hash. */
    async spendRecoveryCode(email, codeHash, at) {
      return spendCode.run(at, codeHash, email).changes === 1;
    },

    async dropRecoveryCodes(email) {
      dropCodesOf.run(email);
    },
  };
}

export type PasskeysRepository = PasskeysStore;
