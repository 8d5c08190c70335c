// Passkeys for the admin (docs/architecture.md, sign-in). An e-mail link alone is the weakest sign-in an admin of client
// data can have (NIST SP 800-63B does not accept e-mail as an out-of-band authenticator; OWASP ASVS L2 asks for a second
// factor), so once she has a passkey the link only opens the passkey step and her passkey (or her one-time recovery
// code) completes sign-in. Her passkeys are discoverable, so on a device holding one she may also sign in with the
// passkey alone, with no e-mail round trip. WebAuthn through @simplewebauthn/server; the relying party (its ID and
// origin) is PUBLIC_ORIGIN, never a request's Host. Every new passkey, removal, recovery and reset mails her a notice.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  normaliseRecoveryCode,
  recoveryCodeFromBytes,
  type Passkey,
  type PasskeyEnrolment,
  type PasskeyList,
} from '@studio/shared/domain';
import type {
  authenticationOptionsSchema,
  authenticationResponseSchema,
  registrationOptionsSchema,
  registrationResponseSchema,
  z,
} from '@studio/shared/schemas';
import { formatInstant } from '@studio/shared/domain/studio-time';
import type { Mailer } from '../messaging';
import type { SecondFactorStore } from './second-factor';
import { hashSecret, newSecret } from './sessions';
import type { PasskeysStore, StoredPasskey } from './passkeys-store';
import { sha256Hex } from '../../platform/hash';

/**
 * WebAuthn's library, loaded with the first passkey step (about 16 MB of ASN.1 and certificate code once loaded): a
 * server answering visitors and bookings never holds it.
 */
const webauthn = () => import('@simplewebauthn/server');

export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;
export type AuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** The options of a sign-in by passkey alone, and the id of its ceremony, which the answer must name. */
export interface PasskeySignInOptions {
  ceremony: string;
  options: AuthenticationOptions;
}

/** How long the browser offers the authenticator's prompt; the challenge itself lives longer. */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

export const NOTICE_SUBJECTS = {
  added: 'A passkey was added to your sign-in',
  removed: 'A passkey was removed from your sign-in',
  recovered: 'Your recovery code was used to sign in',
  reset: 'Your passkeys were removed by the site host',
} as const;

const IF_NOT_YOU =
  'If this was not you, sign in, remove any passkey you do not recognise, and ask your host to run `npm run admin -- reset-passkeys` if you cannot sign in.';

export function hashRecoveryCode(normalised: string): string {
  return sha256Hex(`recovery:${normalised}`);
}

export interface PasskeyServiceDeps {
  passkeys: PasskeysStore;
  steps: SecondFactorStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  adminOrigin: string;
  /** Shown by some authenticators beside the passkey. */
  siteName: string;
  now: () => Date;
  /** The studio's zone (TIMEZONE): the notices' times are written in it, never as raw timestamps. */
  timeZone: string;
}

export function createPasskeyService(deps: PasskeyServiceDeps) {
  const { passkeys, steps, mailer, log, adminOrigin, now } = deps;
  // A WebAuthn RP ID is the origin's host name without port; the origin is checked whole, scheme and port included.
  const rpID = new URL(adminOrigin).hostname;
  const stamp = () => now().toISOString();
  /** A notice's time as she reads it ('November 23, 2026, 9:08 AM MST'). */
  const when = (at: string = stamp()) => formatInstant(at, deps.timeZone);

  /** Mails her a notice; a failure to send is logged and never undoes what happened. */
  const notify = async (email: string, subject: string, lines: string[]) => {
    try {
      await mailer.send({ to: email, subject, text: [...lines, '', IF_NOT_YOU].join('\n') });
    } catch (error) {
      log.error({ err: error }, `passkey notice not sent: ${subject}`);
    }
  };

  /** A fresh recovery code in place of any unused one; the code itself is returned once and stored only hashed. */
  const newRecoveryCode = async (email: string): Promise<string> => {
    const code = recoveryCodeFromBytes(randomBytes(20));
    await passkeys.replaceRecoveryCode(email, hashRecoveryCode(normaliseRecoveryCode(code) ?? ''), stamp());
    return code;
  };

  /** Checks an assertion against the challenge and the stored credential, and records the use; false when refused. */
  const verifyAndRecord = async (
    expectedChallenge: string,
    credential: StoredPasskey,
    response: AuthenticationResponse,
  ): Promise<boolean> => {
    try {
      const { verified, authenticationInfo } = await (
        await webauthn()
      ).verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: adminOrigin,
        expectedRPID: rpID,
        credential: {
          id: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports,
        },
        requireUserVerification: true,
      });
      // The library refuses a counter that did not grow (a cloned authenticator); this refuses a lost race.
      return (
        verified &&
        (await passkeys.recordUse(credential.id, credential.counter, authenticationInfo.newCounter, stamp()))
      );
    } catch (error) {
      log.warn({ err: error }, 'passkey sign-in refused');
      return false;
    }
  };

  return {
    rpID,

    /** Whether completing an e-mail link must go on to the passkey step. */
    required: async (email: string) => (await passkeys.count(email)) > 0,

    /** Opens the passkey step for the e-mail (the link was spent); returns the secret for its cookie. */
    beginStep: (email: string) => steps.beginStep(email),
    /** The open step of a cookie value, or null. */
    step: (secret: string | undefined) => steps.step(secret),
    /** A wrong passkey or code: counted, and the step ends at the limit. */
    stepFailed: (stepHash: string) => steps.recordFailure(stepHash),
    endStep: (stepHash: string) => steps.endStep(stepHash),

    list: async (email: string): Promise<PasskeyList> => {
      const [list, hasRecoveryCode] = await Promise.all([passkeys.list(email), passkeys.hasRecoveryCode(email)]);
      return { passkeys: list, hasRecoveryCode };
    },

    /** Options to add a passkey, with a challenge kept for the session that asked. */
    async registrationOptions(sessionHash: string, email: string): Promise<RegistrationOptions> {
      const [userHandle, credentials] = await Promise.all([
        passkeys.userHandle(email, randomBytes(32).toString('base64url')),
        passkeys.credentialsOf(email),
      ]);
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: deps.siteName,
        rpID,
        userName: email,
        userDisplayName: email,
        userID: Buffer.from(userHandle, 'base64url'),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        // Not the same authenticator twice: the browser says so instead of making a duplicate.
        excludeCredentials: credentials.map((p) => ({
          id: p.id,
          transports: p.transports.length ? p.transports : undefined,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await steps.putChallenge(sessionHash, 'registration', options.challenge);
      return options as RegistrationOptions;
    },

    /**
     * Verifies the browser's answer against the session's challenge (spent here, whatever the outcome) and stores
     * the passkey. Null when it is not accepted.
     */
    async register(
      sessionHash: string,
      email: string,
      name: string,
      response: RegistrationResponse,
    ): Promise<PasskeyEnrolment | null> {
      const expectedChallenge = await steps.takeChallenge(sessionHash, 'registration');
      if (!expectedChallenge) return null;
      let verification;
      try {
        verification = await (
          await webauthn()
        ).verifyRegistrationResponse({
          response,
          expectedChallenge,
          expectedOrigin: adminOrigin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch (error) {
        log.warn({ err: error }, 'passkey registration refused');
        return null;
      }
      if (!verification.verified) return null;
      const { credential } = verification.registrationInfo;
      if (await passkeys.find(credential.id)) return null;

      const passkey: Passkey = await passkeys.add({
        id: credential.id,
        email,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? response.response.transports ?? [],
        name,
        createdAt: stamp(),
      });
      const recoveryCode = (await passkeys.hasRecoveryCode(email)) ? null : await newRecoveryCode(email);
      await notify(email, NOTICE_SUBJECTS.added, [
        `A passkey named "${name}" was added to your sign-in on ${when(passkey.createdAt)}.`,
        'From now on "Sign in with passkey" signs you in on that device; elsewhere the e-mail link and then your passkey or recovery code do.',
      ]);
      return { passkey, recoveryCode };
    },

    /** Removes one passkey. With the last one go the recovery codes: the e-mail link alone signs her in again. */
    async remove(email: string, id: string): Promise<boolean> {
      const existing = (await passkeys.list(email)).find((p) => p.id === id);
      if (!existing || !(await passkeys.remove(email, id))) return false;
      const last = (await passkeys.count(email)) === 0;
      if (last) await passkeys.dropRecoveryCodes(email);
      await notify(email, NOTICE_SUBJECTS.removed, [
        `The passkey named "${existing.name}" was removed from your sign-in on ${when()}.`,
        ...(last ? ['You have no passkey left: the e-mail link alone signs you in again.'] : []),
      ]);
      return true;
    },

    /** Options for the passkey step, with a challenge kept for that step. */
    async authenticationOptions(stepHash: string, email: string): Promise<AuthenticationOptions> {
      const credentials = await passkeys.credentialsOf(email);
      const options = await (
        await webauthn()
      ).generateAuthenticationOptions({
        rpID,
        allowCredentials: credentials.map((p) => ({
          id: p.id,
          transports: p.transports.length ? p.transports : undefined,
        })),
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      });
      await steps.putChallenge(stepHash, 'authentication', options.challenge);
      return options as AuthenticationOptions;
    },

    /** Verifies an assertion for the step (its challenge spent here) and records the use; false when not accepted. */
    async authenticate(stepHash: string, email: string, response: AuthenticationResponse): Promise<boolean> {
      const expectedChallenge = await steps.takeChallenge(stepHash, 'authentication');
      if (!expectedChallenge) return false;
      const credential = await passkeys.find(response.id);
      if (!credential || credential.email !== email) return false;
      return verifyAndRecord(expectedChallenge, credential, response);
    },

    /**
     * Options for signing in with the passkey alone: no allowCredentials, so the browser offers the
     * passkeys it holds for this site (discoverable ones: enrolment asks for residentKey 'required') and a visitor
     * learns nothing about which exist. The challenge is kept under a fresh ceremony id, answered with the options.
     */
    async signInOptions(): Promise<PasskeySignInOptions> {
      const ceremony = newSecret();
      const options = await (
        await webauthn()
      ).generateAuthenticationOptions({
        rpID,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      });
      await steps.putChallenge(hashSecret(ceremony), 'authentication', options.challenge);
      return { ceremony, options: options as AuthenticationOptions };
    },

    /**
     * Verifies a sign-in by passkey alone: the ceremony's challenge (spent here, whatever the outcome), a passkey
     * stored for `email` (the admin's; no other address's passkey opens anything), the user handle it names being
     * hers, user verification and the counter. False when not accepted.
     */
    async signInWithPasskey(ceremony: string, email: string, response: AuthenticationResponse): Promise<boolean> {
      const expectedChallenge = await steps.takeChallenge(hashSecret(ceremony), 'authentication');
      if (!expectedChallenge) return false;
      const credential = await passkeys.find(response.id);
      if (!credential || credential.email !== email) return false;
      // A discoverable credential names its user; it must be the handle every passkey of hers carries. Her handle
      // exists since she has a passkey, so the candidate is never stored.
      const handle = response.response.userHandle;
      if (handle !== undefined && handle !== (await passkeys.userHandle(email, randomBytes(32).toString('base64url'))))
        return false;
      return verifyAndRecord(expectedChallenge, credential, response);
    },

    /** Spends her recovery code; true when it was her unused one. */
    async recover(email: string, typed: string): Promise<boolean> {
      const normalised = normaliseRecoveryCode(typed);
      if (!normalised || !(await passkeys.spendRecoveryCode(email, hashRecoveryCode(normalised), stamp())))
        return false;
      await notify(email, NOTICE_SUBJECTS.recovered, [
        `Your recovery code was used to sign in on ${when()}; it cannot be used again.`,
        'Add a passkey on your new device from the dashboard: it comes with a new recovery code.',
      ]);
      return true;
    },

    /**
     * The host's reset: every passkey, recovery code, open step and challenge goes, and she is told when there was a
     * passkey to remove. Answers how many passkeys went.
     */
    async resetAll(email: string): Promise<number> {
      const removed = await passkeys.removeEverything();
      await steps.clear();
      if (removed === 0) return 0;
      await notify(email, NOTICE_SUBJECTS.reset, [
        `Every passkey of your sign-in (${removed}) and your recovery code were removed on ${when()} by the site's host.`,
        'The e-mail link alone signs you in again; add a passkey from the dashboard afterwards.',
      ]);
      return removed;
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
