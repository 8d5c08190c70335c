// The store of passkeys and recovery codes (passkeys.ts holds the WebAuthn checks and the hashing): what the server
// asks of this storage, honoured by passkeys.sqlite.ts and passkeys.firestore.ts alike and proved on both by the
// storage contract (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock,
// secrets only as hashes): platform/storage/storage-port.ts.
import type { Passkey } from '@studio/shared/domain';

export interface StoredPasskey extends Passkey {
  email: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export interface PasskeysStore {
  /**
   * Atomic: her WebAuthn user handle. Stores `candidate` if she has none yet; answers the one stored (so every passkey
   * she adds carries the same handle).
   */
  userHandle(email: string, candidate: string): Promise<string>;
  /** Her passkeys, oldest first. */
  list(email: string): Promise<Passkey[]>;
  /** The same with what verifying an assertion needs. */
  credentialsOf(email: string): Promise<StoredPasskey[]>;
  count(email: string): Promise<number>;
  find(id: string): Promise<StoredPasskey | null>;
  /** Stores a new passkey (lastUsedAt null); answers its summary. */
  add(passkey: Omit<StoredPasskey, 'lastUsedAt'>): Promise<Passkey>;
  /**
   * Atomic: counter = `newCounter` and lastUsedAt = `at`, only while the stored counter is still `previousCounter`;
   * false otherwise (another use of the same counter value got there first, or no such passkey).
   */
  recordUse(id: string, previousCounter: number, newCounter: number, at: string): Promise<boolean>;
  /** false when she had no passkey with that id. */
  remove(email: string, id: string): Promise<boolean>;
  /** Atomic: deletes every passkey and every recovery code of every address; answers how many passkeys went. */
  removeEverything(): Promise<number>;
  /** true when she has an unused recovery code. */
  hasRecoveryCode(email: string): Promise<boolean>;
  /** Atomic: stores the code's hash (created `at`) in place of any unused code of hers; used ones stay. */
  replaceRecoveryCode(email: string, codeHash: string, at: string): Promise<void>;
  /** Atomic: marks her unused code with that hash used at `at`; false when there is none. */
  spendRecoveryCode(email: string, codeHash: string, at: string): Promise<boolean>;
  /** Deletes every recovery code of hers, used or not. */
  dropRecoveryCodes(email: string): Promise<void>;
}
