// Issue 14, item 6: request, header and body timeouts and a connection cap, over real sockets. Before them a body
// sent one byte at a time held its connection open for as long as the client liked (200 s and counting), and so
// could any number of such connections. The limits are shortened here so the test waits seconds, not minutes; the
// production values are HTTP_LIMITS.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema } from '@studio/shared/schemas';
import { HTTP_LIMITS } from '../src/lib/http-limits';
import { REQUEST_TIMEOUT } from '../src/plugins/errors';
import { build, CSRF, type TestApp } from './helper';

const LIMITS = {
  requestTimeoutMs: 1_000,
  headersTimeoutMs: 600,
  timeoutCheckIntervalMs: 100,
  maxConnections: 3,
};
// Long enough for a limit above to act on a loaded machine, far shorter than "never".
const GIVE_UP_MS = 8_000;
jest.setTimeout(3 * GIVE_UP_MS);

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await build({ httpLimits: LIMITS });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Conversation {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection (or what had come when the test gave up). */
  ended: Promise<{ text: string; closedByServer: boolean; afterMs: number }>;
}

function connect(): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<{ text: string; closedByServer: boolean; afterMs: number }>((done) => {
      const giveUp = setTimeout(() => {
        done({ text, closedByServer: false, afterMs: Date.now() - started });
        socket.destroy();
      }, GIVE_UP_MS);
      socket.on('close', () => {
        clearTimeout(giveUp);
        done({ text, closedByServer: true, afterMs: Date.now() - started });
      });
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, ended }));
    socket.once('error', reject);
  });
}

/** Sends `text` one character every `everyMs` until the socket closes or the text runs out. */
async function trickle(socket: net.Socket, text: string, everyMs: number) {
  for (const ch of text) {
    if (socket.destroyed) return;
    socket.write(ch);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function answerOf(text: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body: body ? (JSON.parse(body) as unknown) : undefined };
}

test('the production limits are set: 30 s for a request, 10 s for its headers, 512 connections', () => {
  expect(HTTP_LIMITS).toMatchObject({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, maxConnections: 512 });
  expect(HTTP_LIMITS.headersTimeoutMs).toBeLessThan(HTTP_LIMITS.requestTimeoutMs);
});

test('a body sent a byte at a time is cut off with 408 in the error shape once the request limit passes', async () => {
  const body = JSON.stringify({ email: 'admin@studio.test' }).padEnd(400, ' ');
  const c = await connect();
  c.socket.write(
    'POST /api/auth/link HTTP/1.1\r\nHost: studio.test\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\nX-CSRF-Token: ${CSRF}\r\nCookie: studio_csrf=${CSRF}\r\n\r\n`,
  );
  void trickle(c.socket, body, 50);
  const { text, closedByServer, afterMs } = await c.ended;
  expect(closedByServer).toBe(true);
  expect(afterMs).toBeLessThan(GIVE_UP_MS);
  const answer = answerOf(text);
  expect(answer.status).toBe(408);
  expect(apiErrorSchema.parse(answer.body)).toEqual({ message: REQUEST_TIMEOUT });
});

test('headers sent a byte at a time are cut off with 408 too', async () => {
  const c = await connect();
  void trickle(c.socket, `GET /api/services HTTP/1.1\r\nHost: studio.test\r\nX-Slow: ${'x'.repeat(300)}\r\n\r\n`, 20);
  const { text, closedByServer } = await c.ended;
  expect(closedByServer).toBe(true);
  expect(answerOf(text).status).toBe(408);
});

test('a request that is not HTTP is answered 400 in the error shape', async () => {
  const c = await connect();
  c.socket.write('HELLO THERE\r\n\r\n');
  const { text } = await c.ended;
  const answer = answerOf(text);
  expect(answer.status).toBe(400);
  expect(apiErrorSchema.safeParse(answer.body).success).toBe(true);
});

test('connections over the cap are closed at once; the ones within it are served', async () => {
  const held = await Promise.all([connect(), connect(), connect()]);
  // The server counts a connection once it has accepted it; a request on each makes sure all three are counted.
  for (const c of held) c.socket.write('GET /api/health HTTP/1.1\r\nHost: studio.test\r\n\r\n');
  await new Promise((r) => setTimeout(r, 300));
  const extra = await connect();
  extra.socket.write('GET /api/health HTTP/1.1\r\nHost: studio.test\r\n\r\n');
  const refused = await extra.ended;
  expect(refused.closedByServer).toBe(true);
  expect(refused.text).toBe('');
  for (const c of held) c.socket.destroy();
  await Promise.all(held.map((c) => c.ended));
  // Once they are gone, a new connection is served again.
  const again = await connect();
  again.socket.write('GET /api/health HTTP/1.1\r\nHost: studio.test\r\nConnection: close\r\n\r\n');
  expect(answerOf((await again.ended).text).status).toBe(200);
});
