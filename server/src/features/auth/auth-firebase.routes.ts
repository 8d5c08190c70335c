// Sign-in on the Firebase home (docs/architecture.md, sign-in): POST /api/auth/link has Firebase Auth make her link and
// mails it (features/auth/auth.routes.ts), and the browser signs in with it (signInWithEmailLink); POST
// /api/auth/firebase then trades the ID token for this server's own session, and from there the flow is the embedded
// home's: once the admin has a passkey, the passkey step (features/auth/auth-passkey.routes.ts) instead of a session.
// Registered on the Firebase home only.
//
// What the token must show, each checked here and not in the browser:
// - valid and not revoked, the account not disabled: verifyIdToken(token, true) (against the Auth emulator when
//   FIREBASE_AUTH_EMULATOR_HOST is set, which the Admin SDK reads itself);
// - email_verified;
// - made by the e-mail link. The token cannot tell: signInWithEmailLink and a password sign-in both put
//   firebase.sign_in_provider = "password" in it (firebase-tools' Auth emulator issues both with PROVIDER_PASSWORD, as
//   Google's service does), and both accounts list providerData [{ providerId: "password" }]. What differs is the
//   account: a password leaves passwordHash and passwordUpdatedAt on it, an e-mail link neither. So the account is
//   looked up (features/auth/firebase-admin-auth.ts) and any password refuses it. The emulator also shows why it must
//   be the account and not email_verified: her e-mail link makes an attacker's pre-registered password account
//   verified and keeps its password, so that password would then sign in with email_verified true.
// - the configured admin address (ADMIN_EMAIL), normalised as the session store does.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, signInAnswerSchema, z } from '@studio/shared/schemas';
import { SIGN_IN_ACCESS_DENIED, SIGN_IN_INVALID_LINK } from '@studio/shared/messages';
import type { AppOptions } from '../../platform/config';
import { clientKeyOfRequest } from '../../platform/http/client-address';
import { createSessionCookies } from './session-cookies';
import { normaliseEmail, type SessionStore } from './sessions';
import { HttpError } from '../../platform/http/errors';
import type { SignInLimitsRepository } from './sign-in-limits.sqlite';
import type { PasskeyService } from './passkeys';
import { createFirebaseAuth } from './firebase-admin-auth';
import { LINK_LIMIT_PER_IP, LINK_LIMIT_WINDOW_MS } from './auth.routes';
import { refusals } from '../../platform/http/refusals';

// An ID token is a JWT of about a kilobyte; a bound keeps a huge body from reaching the verifier.
// trustDevice: she marked this device as hers, as on the embedded home's link.
const exchangeSchema = z.strictObject({ idToken: z.string().min(1).max(8192), trustDevice: z.boolean().optional() });

export interface AuthFirebaseRoutesOptions {
  options: AppOptions;
  sessions: SessionStore;
  signInLimits: SignInLimitsRepository;
  passkeys: PasskeyService;
}

const authFirebaseRoutes: FastifyPluginAsyncZod<AuthFirebaseRoutesOptions> = async (
  app,
  { options, sessions, signInLimits, passkeys },
) => {
  if (!options.firebase)
    throw new Error('features/auth/auth-firebase.routes.ts is for the Firebase home (STUDIO_HOME=firebase)');
  const firebase = await createFirebaseAuth(options.firebase);
  const cookies = createSessionCookies(options, sessions);
  const invalid = () => new HttpError(401, SIGN_IN_INVALID_LINK);

  const tooMany = (reply: FastifyReply, endsAt: number, at: number): never => {
    const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - at) / 1000));
    reply.header('Retry-After', String(retryAfterSeconds));
    throw new HttpError(429, `Too many requests. Please try again in ${retryAfterSeconds} seconds.`);
  };

  app.post(
    '/api/auth/firebase',
    {
      // Counted before the body is read, as link requests are on the embedded home: a guessing client runs out.
      preValidation: async (request, reply) => {
        const at = options.now().getTime();
        await signInLimits.purgeOlderThan(at - LINK_LIMIT_WINDOW_MS);
        const hits = await signInLimits.hit(`firebase\n${clientKeyOfRequest(request)}`, LINK_LIMIT_WINDOW_MS, at);
        if (hits.count > LINK_LIMIT_PER_IP) tooMany(reply, hits.endsAt, at);
      },
      // A malformed body is as invalid as a forged token: one answer for every refusal of the token itself.
      attachValidation: true,
      schema: {
        body: exchangeSchema,
        response: { 200: signInAnswerSchema, 401: apiErrorSchema, 403: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw invalid();
      const token = await firebase.verify(request.body.idToken).catch(() => null);
      if (!token || token.email_verified !== true || typeof token.email !== 'string') throw invalid();
      if (token.firebase.sign_in_provider !== 'password') throw invalid();
      const email = normaliseEmail(token.email);
      if (!sessions.isAdminEmail(email)) throw new HttpError(403, SIGN_IN_ACCESS_DENIED);
      const account = await firebase.account(token.uid);
      // The account must say what the token says (the emulator signs no token, so there only this check stands
      // between a token edited to carry her address and a session).
      if (!account || !account.emailVerified || normaliseEmail(account.email) !== email) throw invalid();
      if (account.password) {
        // Her own link cannot sign her in while the account carries a password: firebase/README.md says how to clear it.
        request.log.warn('refused a Firebase sign-in for the admin address: its account has a password');
        throw invalid();
      }

      // Once she has a passkey the link alone is not enough: it opens the passkey step, not a session.
      if (await passkeys.required(email)) {
        await cookies.startStep(reply, await passkeys.beginStep(email));
        return { secondFactor: 'passkey' as const };
      }
      return { user: await cookies.start(request, reply, email, request.body.trustDevice ?? false) };
    },
  );
};

export default authFirebaseRoutes;
