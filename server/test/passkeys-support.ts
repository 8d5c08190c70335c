// What the passkey tests share (passkeys*.test.ts): each test's app on a clock they move, her phone as a software
// authenticator, and the calls of enrolment, the e-mail link and the passkey step.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from './software-authenticator';

export const ORIGIN = 'http://admin.studio.test';
export let clock = new Date('2026-03-02T10:00:00Z').getTime();
export const advance = (ms: number) => {
  clock += ms;
};

export let t: TestApp;
export let phone: SoftwareAuthenticator;
/** Builds each test's app on the files' clock, with a fresh software authenticator, and closes it after the test. */
export function usePasskeysApp(): void {
  beforeEach(async () => {
    t = await build({ now: () => new Date(clock), adminOrigin: ORIGIN });
    phone = createSoftwareAuthenticator({ origin: ORIGIN });
  });
  afterEach(() => t.close());
}

export const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
export const setCookieHeaders = (res: LightMyRequestResponse) => {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h : h ? [h] : [];
};

export const post = (app: FastifyInstance, url: string, payload: unknown, cookies: Record<string, string> = {}) =>
  app.inject(withCsrf({ method: 'POST', url, payload: payload as Record<string, unknown>, cookies }));

/** Mails in the outbox with this subject, newest first. */
export const mails = async (subject: string) =>
  (await t.repos.outbox.list(100)).filter((m) => m.channel === 'mail' && m.subject === subject);

/** Adds a passkey from the authenticator under an admin session; answers the enrolment response. */
export async function enrol(authenticator: SoftwareAuthenticator, session: string, name = 'My phone') {
  const options = await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: session });
  expect(options.statusCode).toBe(200);
  const response = authenticator.register(options.json());
  const res = await post(t.app, '/api/admin/passkeys', { name, response }, { studio_session: session });
  await t.settled();
  return res;
}

/** Requests a link and spends it; answers the completion. */
export async function completeLink(): Promise<LightMyRequestResponse> {
  const link = await post(t.app, '/api/auth/link', { email: ADMIN_EMAIL });
  expect(link.statusCode).toBe(204);
  const mail = (await mails('Your sign-in link'))[0];
  const token = /\/finishSignIn\?token=([A-Za-z0-9_-]{43})\b/.exec(mail?.body ?? '')?.[1];
  return post(t.app, '/api/auth/session', { email: ADMIN_EMAIL, token });
}

/** The link, then the step's cookie value. */
export async function openStep(): Promise<string> {
  const res = await completeLink();
  expect(res.json()).toEqual({ secondFactor: 'passkey' });
  const step = cookieOf(res, 'studio_passkey_step')?.value;
  if (!step) throw new Error('no passkey step cookie');
  return step;
}

export const stepOptions = (step: string) =>
  post(t.app, '/api/auth/passkey/options', {}, { studio_passkey_step: step });

export async function answerWithPasskey(step: string, authenticator: SoftwareAuthenticator = phone) {
  const options = await stepOptions(step);
  expect(options.statusCode).toBe(200);
  return post(t.app, '/api/auth/passkey', authenticator.authenticate(options.json()), { studio_passkey_step: step });
}

export const whoAmI = async (session: string | undefined) =>
  (await t.app.inject({ url: '/api/auth/session', cookies: session ? { studio_session: session } : {} })).json().user;

export const adminSession = async () => (await t.repos.sessions.create(ADMIN_EMAIL)).id;
