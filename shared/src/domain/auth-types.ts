// Who is signed in, and her passkeys and trusted devices as her dashboard lists them.
import type { IsoTimestamp } from './date-types';

export interface AuthUser {
  email: string;
  isAdmin: boolean;
}

/** One of the admin's passkeys as the dashboard lists it; its public key and counter never leave the server. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: IsoTimestamp;
  lastUsedAt: IsoTimestamp | null;
}

export interface PasskeyList {
  passkeys: Passkey[];
  /** Whether an unused recovery code exists (one is made at the first enrolment and again once it was used). */
  hasRecoveryCode: boolean;
}

/** A device she marked as hers at sign-in, as her dashboard lists it; times are ISO strings. */
export interface TrustedDevice {
  /** Names it to the revoke call; not a secret, not the session's id. */
  id: string;
  /** From the browser's User-Agent when she signed in: "Safari on iPhone". */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  /** The device this list is read on. */
  current: boolean;
}

export interface PasskeyEnrolment {
  passkey: Passkey;
  /** The new recovery code, shown once and stored only hashed; null when an unused one already exists. */
  recoveryCode: string | null;
}
