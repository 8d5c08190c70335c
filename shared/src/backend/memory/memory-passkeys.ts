// The admin's passkeys as the server keeps them (server/README.md, passkeys): the passkey step after the e-mail link,
// the one-time recovery code, a bounded number of wrong answers, and removal. The browser's authenticator is a test
// double (MemoryAuthenticator): which passkeys this "device" holds, and whether she dismisses the next prompt.
import {
  normaliseRecoveryCode,
  PASSKEY_STEP_MAX_FAILURES,
  PASSKEY_STEP_TTL_MS,
  recoveryCodeFromBytes,
} from '../../domain/passkeys';
import type { AuthUser, Passkey, PasskeyEnrolment, PasskeyList } from '../../domain/types';
import {
  PASSKEY_ALREADY_ON_DEVICE,
  PASSKEY_CANCELLED,
  PASSKEY_NOT_FOUND,
  PASSKEY_STEP_EXPIRED,
  RECOVERY_CODE_NOT_ACCEPTED,
} from '../../passkey-messages';
import { passkeyName, z } from '../../schemas';
import { BackendError } from '../port';
import type { MemorySession } from './memory-session';
import { copy, parseOrThrow, type MemoryClock } from './memory-support';

export interface MemoryAuthenticator {
  /** Ids of the passkeys this browser's authenticator holds (addPasskey puts new ones here). */
  holds: string[];
  /** Set to make her dismiss the next passkey prompt (a 'cancelled' rejection); cleared by that prompt. */
  dismissNext: boolean;
}

export function createMemoryPasskeys(adminEmail: string, clock: MemoryClock, session: MemorySession) {
  const passkeys: Passkey[] = [];
  let recoveryCode: { normalised: string; used: boolean } | null = null;
  let step: { expiresAt: number; failures: number } | null = null;
  const authenticator: MemoryAuthenticator = { holds: [], dismissNext: false };

  const expired = () => new BackendError('unauthenticated', PASSKEY_STEP_EXPIRED, { status: 401 });
  const openStep = () => {
    if (!step || clock.now().getTime() >= step.expiresAt) {
      step = null;
      throw expired();
    }
    return step;
  };
  const refuse = (message: string) => {
    const open = openStep();
    open.failures += 1;
    if (open.failures >= PASSKEY_STEP_MAX_FAILURES) step = null;
    return new BackendError('unauthenticated', message, { status: 401 });
  };
  const prompt = () => {
    if (!authenticator.dismissNext) return;
    authenticator.dismissNext = false;
    throw new BackendError('cancelled', PASSKEY_CANCELLED);
  };
  const signIn = (): AuthUser => {
    step = null;
    const user: AuthUser = { email: adminEmail, isAdmin: true };
    session.set(user);
    return copy(user);
  };
  const newRecoveryCode = (): string => {
    const code = recoveryCodeFromBytes(globalThis.crypto.getRandomValues(new Uint8Array(20)));
    recoveryCode = { normalised: normaliseRecoveryCode(code) ?? '', used: false };
    return code;
  };

  return {
    authenticator,

    /** Whether completing a link must stop at the passkey step; when it must, the step opens. */
    beginStepIfRequired(): boolean {
      if (passkeys.length === 0) return false;
      step = { expiresAt: clock.now().getTime() + PASSKEY_STEP_TTL_MS, failures: 0 };
      return true;
    },

    async signInWithPasskey(): Promise<AuthUser> {
      openStep();
      prompt();
      const held = passkeys.find((p) => authenticator.holds.includes(p.id));
      // A browser whose authenticators hold none of her passkeys ends the prompt the way a dismissal does.
      if (!held) throw new BackendError('cancelled', PASSKEY_CANCELLED);
      held.lastUsedAt = clock.timestamp();
      return signIn();
    },

    async signInWithRecoveryCode(code: string): Promise<AuthUser> {
      openStep();
      const normalised = normaliseRecoveryCode(code);
      if (!recoveryCode || recoveryCode.used || normalised !== recoveryCode.normalised) {
        throw refuse(RECOVERY_CODE_NOT_ACCEPTED);
      }
      recoveryCode.used = true;
      return signIn();
    },

    async listPasskeys(): Promise<PasskeyList> {
      session.requireAdmin();
      return copy({ passkeys, hasRecoveryCode: recoveryCode !== null && !recoveryCode.used });
    },

    async addPasskey(name: string): Promise<PasskeyEnrolment> {
      session.requireAdmin();
      const data = parseOrThrow(z.strictObject({ name: passkeyName }), { name });
      prompt();
      if (passkeys.some((p) => authenticator.holds.includes(p.id))) {
        throw new BackendError('conflict', PASSKEY_ALREADY_ON_DEVICE);
      }
      const passkey: Passkey = {
        id: clock.newId('passkey'),
        name: data.name,
        createdAt: clock.timestamp(),
        lastUsedAt: null,
      };
      passkeys.push(passkey);
      authenticator.holds.push(passkey.id);
      const code = recoveryCode && !recoveryCode.used ? null : newRecoveryCode();
      return copy({ passkey, recoveryCode: code });
    },

    async removePasskey(id: string): Promise<void> {
      session.requireAdmin();
      const index = passkeys.findIndex((p) => p.id === id);
      if (index < 0) throw new BackendError('not-found', PASSKEY_NOT_FOUND, { status: 404 });
      passkeys.splice(index, 1);
      if (passkeys.length === 0) recoveryCode = null;
    },
  };
}
