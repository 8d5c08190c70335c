// A software WebAuthn authenticator for the server tests: what a phone or a laptop's platform authenticator does,
// with node's crypto. It answers registration and authentication options with the JSON @simplewebauthn/browser
// would send: a 'none' attestation with an ES256 (P-256) key, user presence and verification flags, a signature
// counter that grows with each use, and client data naming the origin it is told it runs on.
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { authenticationOptionsSchema, registrationOptionsSchema, z } from '@studio/shared/schemas';
import type { AuthenticationResponse, RegistrationResponse } from '../src/features/auth/passkeys';

type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;
type AuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// Authenticator data flags (WebAuthn §6.1).
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface SoftwareAuthenticatorOptions {
  /** The origin the browser would put into client data (a phishing page's would differ). */
  origin: string;
  /** Whether it verifies the user (a PIN or a fingerprint); user presence is always asserted. */
  userVerified?: boolean;
}

export function createSoftwareAuthenticator({ origin, userVerified = true }: SoftwareAuthenticatorOptions) {
  const credentials: Credential[] = [];
  const flags = USER_PRESENT | (userVerified ? USER_VERIFIED : 0);

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }), 'utf8');

  const authData = (rpId: string, extraFlags: number, counter: number, attested?: Buffer) => {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = flags | extraFlags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  };

  return {
    credentials,

    /** navigator.credentials.create(): a new credential for the options' RP and user. */
    register(options: RegistrationOptions, at: { origin?: string } = {}): RegistrationResponse {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cosePublicKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cosePublicKey)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, never>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', authData(rpId, ATTESTED_CREDENTIAL, 0, attested)],
        ]),
      );
      credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, at.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** navigator.credentials.get(): an assertion by the first of its credentials the options allow. */
    authenticate(options: AuthenticationOptions, at: { origin?: string } = {}): AuthenticationResponse {
      const allowed = options.allowCredentials?.map((c) => c.id);
      const credential = credentials.find(
        (c) => c.rpId === (options.rpId ?? new URL(origin).hostname) && (!allowed || allowed.includes(b64url(c.id))),
      );
      if (!credential) throw new Error('NotAllowedError: no credential of this authenticator is allowed');
      credential.counter += 1;
      const data = authData(credential.rpId, 0, credential.counter);
      const client = clientData('webauthn.get', options.challenge, at.origin);
      const signer = createSign('SHA256');
      signer.update(Buffer.concat([data, sha256(client)]));
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signer.sign(credential.privateKey)),
          userHandle: credential.userHandle,
        },
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;

/** A DOMException-like error, named as a browser names the refusal. */
function domError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

const bytes = (value: BufferSource): Buffer =>
  ArrayBuffer.isView(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : Buffer.from(value as ArrayBuffer);
const arrayBuffer = (base64url: string): ArrayBuffer => {
  const buffer = Buffer.from(base64url, 'base64url');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

/**
 * Puts a software authenticator behind `navigator.credentials` and `PublicKeyCredential`, as a browser with a
 * platform authenticator has them, so @simplewebauthn/browser (and the http adapter above it) run unchanged in node.
 * `into` is the global it goes on: node's own by default, or a jsdom window (the UI tests), whose navigator keeps
 * everything else it has.
 */
export function installSoftwareAuthenticator(origin: string, into: object = globalThis) {
  const scope = into as { navigator?: { credentials?: unknown }; PublicKeyCredential?: unknown };
  const saved = { navigator: scope.navigator, PublicKeyCredential: scope.PublicKeyCredential };
  let device = createSoftwareAuthenticator({ origin });
  let dismissNext = false;
  const prompt = () => {
    if (!dismissNext) return;
    dismissNext = false;
    throw domError('NotAllowedError', 'The operation either timed out or was not allowed.');
  };

  const credentials = {
    async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
      prompt();
      const excluded = (publicKey.excludeCredentials ?? []).map((c) => bytes(c.id).toString('base64url'));
      if (device.credentials.some((c) => excluded.includes(c.id.toString('base64url')))) {
        throw domError('InvalidStateError', 'The authenticator was previously registered.');
      }
      const json = device.register({
        challenge: bytes(publicKey.challenge).toString('base64url'),
        rp: { name: publicKey.rp.name, id: publicKey.rp.id },
        user: { id: bytes(publicKey.user.id).toString('base64url'), name: publicKey.user.name, displayName: '' },
        pubKeyCredParams: [],
      });
      return {
        id: json.id,
        rawId: arrayBuffer(json.rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: arrayBuffer(json.response.clientDataJSON),
          attestationObject: arrayBuffer(json.response.attestationObject),
          getTransports: () => ['internal'],
        },
        getClientExtensionResults: () => ({}),
      };
    },
    async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
      prompt();
      let json: AuthenticationResponse;
      try {
        json = device.authenticate({
          challenge: bytes(publicKey.challenge).toString('base64url'),
          rpId: publicKey.rpId,
          allowCredentials: publicKey.allowCredentials?.map((c) => ({
            id: bytes(c.id).toString('base64url'),
            type: 'public-key' as const,
          })),
        });
      } catch {
        // None of hers on this device: the browser's prompt ends the way a dismissal does.
        throw domError('NotAllowedError', 'The operation either timed out or was not allowed.');
      }
      return {
        id: json.id,
        rawId: arrayBuffer(json.rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: arrayBuffer(json.response.clientDataJSON),
          authenticatorData: arrayBuffer(json.response.authenticatorData),
          signature: arrayBuffer(json.response.signature),
          userHandle: json.response.userHandle ? arrayBuffer(json.response.userHandle) : null,
        },
        getClientExtensionResults: () => ({}),
      };
    },
  };

  // A window's navigator gets the credentials beside its own properties (they live on its prototype, so a copy would
  // lose them); node has no navigator and gets one.
  if (saved.navigator)
    Object.defineProperty(saved.navigator, 'credentials', { value: credentials, configurable: true });
  else Object.defineProperty(scope, 'navigator', { value: { credentials }, configurable: true, writable: true });
  scope.PublicKeyCredential = class PublicKeyCredential {};

  return {
    /** The browser now uses another authenticator, holding none of her passkeys. */
    switchToAnother() {
      device = createSoftwareAuthenticator({ origin });
    },
    /** She dismisses the next prompt (NotAllowedError). */
    dismissNextPrompt() {
      dismissNext = true;
    },
    uninstall() {
      if (saved.navigator) delete saved.navigator.credentials;
      else Object.defineProperty(scope, 'navigator', { value: undefined, configurable: true, writable: true });
      scope.PublicKeyCredential = saved.PublicKeyCredential;
    },
  };
}
