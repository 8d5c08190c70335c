// The http adapter's passkey calls: the server's options, the browser's WebAuthn ceremony, the server's verification
// (server/README.md, passkeys). The adapter imports this module only when a passkey call is made, so it and
// @simplewebauthn/browser are one chunk that a visitor's pages never request.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { AuthUser, PasskeyEnrolment, PasskeyList } from '../../domain/auth-types';
import {
  PASSKEY_ALREADY_ON_DEVICE,
  PASSKEY_CANCELLED,
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_NOT_ADDED,
  PASSKEYS_NOT_SUPPORTED,
} from '../../passkey-messages';
import { BackendError, type AuthPort } from '../port';
import type { Requester } from './request';

const enc = encodeURIComponent;

/** What the authenticator's refusal means for her, by the DOMException name the browser gave. */
function ceremonyError(error: unknown, otherwise: string): BackendError {
  if (error instanceof BackendError) return error;
  const name = error instanceof Error ? error.name : '';
  // NotAllowedError: dismissed, timed out, or no passkey of hers on this device; AbortError: a newer prompt won.
  if (name === 'NotAllowedError' || name === 'AbortError') return new BackendError('cancelled', PASSKEY_CANCELLED);
  // The registration options list her passkeys; an authenticator holding one of them refuses to make another.
  if (name === 'InvalidStateError') return new BackendError('conflict', PASSKEY_ALREADY_ON_DEVICE);
  return new BackendError('internal', otherwise);
}

export type HttpPasskeys = Pick<
  AuthPort,
  | 'signInWithPasskey'
  | 'signInWithPasskeyAlone'
  | 'signInWithRecoveryCode'
  | 'listPasskeys'
  | 'addPasskey'
  | 'removePasskey'
>;

/** A browser without WebAuthn is told so before anything is asked of the server. */
function requireWebAuthn() {
  if (!browserSupportsWebAuthn()) throw new BackendError('not-supported', PASSKEYS_NOT_SUPPORTED);
}

export function createHttpPasskeys(request: Requester, emitAuth: (user: AuthUser | null) => void): HttpPasskeys {
  return {
    signInWithPasskey: async (signIn) => {
      requireWebAuthn();
      const optionsJSON = await request<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/auth/passkey/options', {});
      let response: AuthenticationResponseJSON;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch (error) {
        throw ceremonyError(error, PASSKEY_NOT_ACCEPTED);
      }
      const { user } = await request<{ user: AuthUser }>('POST', '/api/auth/passkey', {
        ...response,
        trustDevice: signIn?.trustDevice,
      });
      emitAuth(user);
      return user;
    },

    signInWithPasskeyAlone: async (signIn) => {
      requireWebAuthn();
      // The challenge is kept under the ceremony's id, which the answer names: no cookie, so it works behind Firebase
      // Hosting too, where only `__session` reaches the server.
      const { ceremony, options } = await request<{
        ceremony: string;
        options: PublicKeyCredentialRequestOptionsJSON;
      }>('POST', '/api/auth/passkey/sign-in/options', {});
      let response: AuthenticationResponseJSON;
      try {
        response = await startAuthentication({ optionsJSON: options });
      } catch (error) {
        throw ceremonyError(error, PASSKEY_NOT_ACCEPTED);
      }
      const { user } = await request<{ user: AuthUser }>('POST', '/api/auth/passkey/sign-in', {
        ceremony,
        response,
        trustDevice: signIn?.trustDevice,
      });
      emitAuth(user);
      return user;
    },

    signInWithRecoveryCode: async (code, signIn) => {
      const { user } = await request<{ user: AuthUser }>('POST', '/api/auth/recovery', {
        code,
        trustDevice: signIn?.trustDevice,
      });
      emitAuth(user);
      return user;
    },

    listPasskeys: () => request<PasskeyList>('GET', '/api/admin/passkeys'),

    addPasskey: async (name) => {
      requireWebAuthn();
      const optionsJSON = await request<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/admin/passkeys/options', {
        name,
      });
      let response: RegistrationResponseJSON;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (error) {
        throw ceremonyError(error, PASSKEY_NOT_ADDED);
      }
      return request<PasskeyEnrolment>('POST', '/api/admin/passkeys', { name, response });
    },

    removePasskey: (id) => request('DELETE', `/api/admin/passkeys/${enc(id)}`),
  };
}
