// Her sign-in: the e-mail link, the passkey step or a recovery code after it, a passkey alone, and the sessions and
// trusted devices they open.
import { z } from './zod';
import { LIMITS } from '../domain/constants';
import type { AuthUser, Passkey, PasskeyEnrolment, PasskeyList, TrustedDevice } from '../domain/auth-types';
import { because, email, filled, line, TRIM } from './text-rules';

export const signInRequestSchema = z.strictObject({ email });
/**
 * Each call that opens a session may say the device is hers: its session then lasts 30 days from its last
 * use instead of 2 hours, and her dashboard lists it. Absent means no.
 */
const trustDevice = z.boolean().optional();

export const signInCompleteSchema = z.strictObject({
  email,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Invalid sign-in link.' }),
  trustDevice,
});

// ---- Passkeys (WebAuthn). The browser's answers are what @simplewebauthn/browser builds from the authenticator's; each
// part is base64url and bounded, so a malformed or oversized one is a 400 before any verification runs. ----

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'Must be base64url' });

// A credential id is at most 1023 bytes (WebAuthn), 1364 characters of base64url.
const credentialId = base64url(1364);
const authenticatorAttachment = z.enum(['platform', 'cross-platform']);
// The browser reports whatever extension outputs the authenticator gave (credProps, prf, ...); none is relied on.
const clientExtensionResults = z.record(z.string().max(100), z.unknown());

export const passkeyName = line(LIMITS.passkeyName, TRIM).refine(filled, because('required', 'Required'));

export const registrationResponseSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults,
  type: z.literal('public-key'),
});

export const authenticationResponseSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults,
  type: z.literal('public-key'),
});

/** Asking to add a passkey: the name she gives it, checked before her authenticator is asked for anything. */
export const passkeyOptionsRequestSchema = z.strictObject({ name: passkeyName });

/** Adding a passkey: the name she gives it and the browser's answer to the registration options. */
export const passkeyRegistrationSchema = z.strictObject({ name: passkeyName, response: registrationResponseSchema });

/** The `:id` of one of her passkeys: its credential id. */
export const passkeyIdParamsSchema = z.strictObject({ id: credentialId });

/** A recovery code as typed; normaliseRecoveryCode decides whether it can be one. */
export const recoveryCodeInputSchema = z.strictObject({ code: z.string().max(64), trustDevice });

/** The passkey step's answer: the authenticator's assertion, and whether this device is hers. */
export const passkeyStepAnswerSchema = authenticationResponseSchema.extend({ trustDevice });

// ---- What the API answers ----

export const authUserSchema = z.strictObject({ email: z.string(), isAdmin: z.boolean() }) satisfies z.ZodType<AuthUser>;

/** Who is signed in: the user, or null for a visitor. */
export const sessionStateSchema = z.strictObject({ user: authUserSchema.nullable() });

/** The answer to a completed sign-in. */
export const signedInSchema = z.strictObject({ user: authUserSchema });

/**
 * The answer to a completed e-mail link: the signed-in user, or, once the admin has a passkey, the second step
 * (a short-lived state in an HttpOnly cookie, not a session).
 */
export const signInAnswerSchema = z.union([signedInSchema, z.strictObject({ secondFactor: z.literal('passkey') })]);

export const passkeySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
}) satisfies z.ZodType<Passkey>;

export const passkeyListSchema = z.strictObject({
  passkeys: z.array(passkeySchema),
  hasRecoveryCode: z.boolean(),
}) satisfies z.ZodType<PasskeyList>;

export const passkeyEnrolmentSchema = z.strictObject({
  passkey: passkeySchema,
  recoveryCode: z.string().nullable(),
}) satisfies z.ZodType<PasskeyEnrolment>;

const credentialDescriptor = z.strictObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** What navigator.credentials.create() is given, as @simplewebauthn/server 14 makes it (JSON, base64url buffers). */
export const registrationOptionsSchema = z.strictObject({
  challenge: z.string(),
  rp: z.strictObject({ name: z.string(), id: z.string().optional() }),
  user: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.strictObject({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .strictObject({
      authenticatorAttachment: authenticatorAttachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  extensions: z.strictObject({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
});

/** What navigator.credentials.get() is given. */
export const authenticationOptionsSchema = z.strictObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  timeout: z.number().int().optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  extensions: z.strictObject({}).optional(),
  hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
});

/** A sign-in by passkey alone: its ceremony's id (a 256-bit secret, base64url) and the browser's options. */
const ceremonyId = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const passkeySignInOptionsSchema = z.strictObject({
  ceremony: ceremonyId,
  options: authenticationOptionsSchema,
});

/** The answer to it: the ceremony it belongs to and the authenticator's assertion. */
export const passkeySignInSchema = z.strictObject({
  ceremony: ceremonyId,
  response: authenticationResponseSchema,
  trustDevice,
});

/** One of her trusted devices on her dashboard; times are ISO strings. */
export const trustedDeviceSchema = z.strictObject({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
}) satisfies z.ZodType<TrustedDevice>;

export const trustedDeviceListSchema = z.strictObject({ devices: z.array(trustedDeviceSchema) });

/** The `:id` of a trusted device: what the list gave (lib/sessions.ts deviceId). */
export const trustedDeviceIdParamsSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
