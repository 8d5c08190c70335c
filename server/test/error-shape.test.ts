// Every error answer of the API has the app's { message, fieldErrors? } shape, including the ones
// Fastify makes itself before any route runs. Before, a path segment over the router's limit (and an undecodable
// path) were answered in Fastify's own shape ({ error, code, message, statusCode }) with the whole path echoed back.
import type { InjectOptions } from 'fastify';
import { apiErrorSchema } from '@studio/shared/schemas';
import { BAD_URL, URL_TOO_LONG } from '../src/platform/http/errors';
import { ADMIN_EMAIL, build, withCsrf, type TestApp } from './helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterAll(() => t.close());

const LONG = 'x'.repeat(5_000);

async function refusal(options: InjectOptions) {
  const res = await t.app.inject(options);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  // Strict: a key beyond message and fieldErrors (code, error, statusCode) fails the parse.
  const parsed = apiErrorSchema.safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return { status: res.statusCode, body: parsed.data, raw: res.body };
}

test('an absurdly long id in an admin route: 414 in the shape, without echoing it', async () => {
  const answer = await refusal(
    withCsrf({
      method: 'PATCH',
      url: `/api/admin/bookings/${LONG}`,
      payload: { status: 'New' },
      cookies: { studio_session: admin },
    }),
  );
  expect(answer).toMatchObject({ status: 414, body: { message: URL_TOO_LONG } });
  expect(answer.raw).not.toContain(LONG);
});

test('an absurdly long id in a public read: answered in the shape, without echoing it whole', async () => {
  const answer = await refusal({ url: `/api/projects/${LONG}` });
  expect(answer.raw.length).toBeLessThan(500);
});

test('an undecodable path: 400 in the shape', async () => {
  expect(await refusal({ url: '/api/projects/%zz' })).toMatchObject({ status: 400, body: { message: BAD_URL } });
  expect(await refusal({ url: '/%zz' })).toMatchObject({ status: 400, body: { message: BAD_URL } });
});

test('a body that is not JSON, an empty JSON body, a body over the limit: each in the shape', async () => {
  const link = (payload: string, contentType = 'application/json') =>
    withCsrf({ method: 'POST', url: '/api/auth/link', payload, headers: { 'content-type': contentType } });
  expect(await refusal(link('{"email": '))).toMatchObject({
    status: 400,
    body: { message: 'The request body is not valid JSON.' },
  });
  expect((await refusal(link(''))).status).toBe(400);
  expect((await refusal(link(`"${'x'.repeat(2 * 1024 * 1024)}"`))).status).toBe(413);
  expect((await refusal(link('email=a', 'application/x-www-form-urlencoded'))).status).toBe(415);
});

test('unknown API paths and methods, and a missing static file: 404 in the shape', async () => {
  expect((await refusal({ url: '/api/nope' })).status).toBe(404);
  expect((await refusal({ method: 'PUT', url: '/api/services', ...withCsrf({ url: '/' }) })).status).toBe(404);
  expect((await refusal({ url: '/media/no-such-file.jpg' })).status).toBe(404);
});

test('a prototype-poisoning body: 400 in the shape', async () => {
  const answer = await refusal(
    withCsrf({
      method: 'POST',
      url: '/api/auth/link',
      payload: '{"email":"a@b.co","__proto__":{"isAdmin":true}}',
      headers: { 'content-type': 'application/json' },
    }),
  );
  expect(answer.status).toBe(400);
});
