// The admin guard belongs to a scope, not to a URL: every route registered in its scope refuses a visitor (401) and
// a signed-in stranger (403) whatever its path, and a route outside the scope is not guarded even under /api/admin.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/platform/sqlite/database';
import { createSessionStore } from '../src/features/auth/sessions';
import { createSessionsRepository } from '../src/features/auth/sessions.sqlite';
import adminGuard, { NOT_ADMIN, NOT_SIGNED_IN } from '../src/features/auth/require-admin';
import { ADMIN_EMAIL } from './helper';

let dataDir: string;
let db: Db;
let app: FastifyInstance;
let admin: string;
let stranger: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-guard-'));
  db = openDatabase(dataDir);
  const sessions = createSessionStore(createSessionsRepository(db), { adminEmail: ADMIN_EMAIL, now: () => new Date() });
  admin = (await sessions.create(ADMIN_EMAIL)).id;
  stranger = (await sessions.create('stranger@example.com')).id;

  app = Fastify();
  await app.register(fastifyCookie);
  await app.register(async (scope) => {
    await scope.register(adminGuard, { sessions });
    scope.get('/anywhere', async (request) => ({ who: request.studioSession?.user.email }));
  });
  app.get('/api/admin/outside-the-scope', async () => ({ open: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, session?: string) => app.inject({ url, cookies: session ? { studio_session: session } : {} });

test('a route in the guarded scope refuses a visitor and a stranger, and lets the admin in with her session', async () => {
  const visitor = await get('/anywhere');
  expect([visitor.statusCode, visitor.json()]).toEqual([401, { message: NOT_SIGNED_IN }]);
  const other = await get('/anywhere', stranger);
  expect([other.statusCode, other.json()]).toEqual([403, { message: NOT_ADMIN }]);
  const her = await get('/anywhere', admin);
  expect([her.statusCode, her.json()]).toEqual([200, { who: ADMIN_EMAIL }]);
});

test('a route outside the scope is not guarded, whatever its URL', async () => {
  const res = await get('/api/admin/outside-the-scope');
  expect([res.statusCode, res.json()]).toEqual([200, { open: true }]);
});
