// What the app function adds to every answer beyond the server's own: the handler runs inside an Express app, whose
// default `X-Powered-By: Express` the embedded home never sends. Google's Functions Framework turns it off; the
// Functions emulator's runtime does not (and the emulator's front server adds its own copy outside the function, so
// the emulator suite cannot check this). Here a real Express app with its defaults stands in for the runtime, in
// front of the exported handler; the server's app is a small Fastify app so nothing needs Firestore.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import Fastify from 'fastify';

jest.mock('../functions/src/studio-app', () => {
  const studio = Fastify();
  studio.get('/', async () => ({ ok: true }));
  return { appInstance: async () => (await studio.ready(), studio), SCHEDULED_WORK: {} };
});

// Imported after the mock above has replaced the server's app (jest hoists jest.mock above every import anyway).
import { app as handler } from '../functions/src/index';

let server: Server;
let base: string;

beforeAll(async () => {
  // The platform's Express app, with Express's defaults (x-powered-by on), handing every request to the function.
  const platform = express();
  platform.use((req, res) => void handler(req as never, res as never));
  server = platform.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

it('the platform’s Express does send X-Powered-By by default (the setup this test relies on)', async () => {
  const bare = express();
  bare.get('/', (_req, res) => void res.send('ok'));
  const other = bare.listen(0, '127.0.0.1');
  await new Promise((resolve) => other.once('listening', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    expect(answer.headers.get('x-powered-by')).toBe('Express');
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});

it('the function’s answers name no framework', async () => {
  const answer = await fetch(`${base}/`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ ok: true });
  expect(answer.headers.get('x-powered-by')).toBeNull();
});
