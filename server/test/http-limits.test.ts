// Request, header and body timeouts and a connection cap, over real sockets. Before them a body
// sent one byte at a time held its connection open for as long as the client liked (200 s and counting), and so
// could any number of such connections. The limits are shortened here so the test waits seconds, not minutes; the
// production values are HTTP_LIMITS.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema } from '@studio/shared/schemas';
import { HTTP_LIMITS } from '../src/platform/http/http-limits';
import { parseTrustProxy } from '../src/platform/http/trust-proxy';
import { issueDeployToken } from '../src/features/deploys/deploy-tokens';
import { REQUEST_TIMEOUT } from '../src/platform/http/errors';
import { build, type TestApp } from './helper';

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

/**
 * A connection to `to` (the first app's port unless given), from `from`: Linux answers for all of 127.0.0.0/8 on the
 * loopback, so 127.0.0.2 is another client on this machine.
 */
function connect({ to = port, from = '127.0.0.1' }: { to?: number; from?: string } = {}): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: to, host: '127.0.0.1', localAddress: from });
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

test('the production limits are set: 30 s for a request, 10 s for its headers, 512 connections, 64 per client', () => {
  expect(HTTP_LIMITS).toMatchObject({
    requestTimeoutMs: 30_000,
    headersTimeoutMs: 10_000,
    maxConnections: 512,
    maxConnectionsPerClient: 64,
  });
  expect(HTTP_LIMITS.maxConnectionsPerClient).toBeLessThan(HTTP_LIMITS.maxConnections);
  expect(HTTP_LIMITS.headersTimeoutMs).toBeLessThan(HTTP_LIMITS.requestTimeoutMs);
});

test('a body sent a byte at a time is cut off with 408 in the error shape once the request limit passes', async () => {
  const body = JSON.stringify({ email: 'admin@studio.test' }).padEnd(400, ' ');
  const c = await connect();
  c.socket.write(
    'POST /api/auth/link HTTP/1.1\r\nHost: admin.studio.test\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\nOrigin: http://admin.studio.test\r\n\r\n`,
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

// The production limits (a 30 s request timeout, 512 connections in all) and a per-client cap of
// 3 (in production 64): 512 idle connections from one address locked every client out, and an error answered before
// the body had arrived kept its connection reading the body for up to 30 s.
describe('one client cannot hold every connection; an early error closes its connection', () => {
  let second: TestApp;
  let secondPort: number;
  beforeAll(async () => {
    second = await build({
      httpLimits: { maxConnections: 8, maxConnectionsPerClient: 3 },
      trustProxy: parseTrustProxy('127.0.0.3'),
      deploys: { keep: 3, limits: { uploadBytes: 1024, unpackedBytes: 4096, files: 5 } },
    });
    await second.app.listen({ host: '127.0.0.1', port: 0 });
    secondPort = (second.app.server.address() as AddressInfo).port;
  });
  afterAll(() => second.close());

  const health = 'GET /api/health HTTP/1.1\r\nHost: studio.test\r\nConnection: close\r\n\r\n';

  test('idle connections from one address past its cap are closed at once; another client is served', async () => {
    const idle: Conversation[] = [];
    for (let i = 0; i < 8; i++) idle.push(await connect({ to: secondPort, from: '127.0.0.2' }));
    const other = await connect({ to: secondPort, from: '127.0.0.1' });
    other.socket.write(health);
    expect(answerOf((await other.ended).text).status).toBe(200);
    // The first three are held (idle, as the client left them); the other five were closed without a word.
    const refused = await Promise.all(idle.slice(3).map((c) => c.ended));
    expect(refused.map((r) => [r.closedByServer, r.text])).toEqual(Array(5).fill([true, '']));
    expect(idle.slice(0, 3).every((c) => !c.socket.destroyed)).toBe(true);
    // Once one of hers ends, she may open another.
    idle[0]!.socket.destroy();
    await idle[0]!.ended;
    const again = await connect({ to: secondPort, from: '127.0.0.2' });
    again.socket.write(health);
    expect(answerOf((await again.ended).text).status).toBe(200);
    for (const c of idle) c.socket.destroy();
    await Promise.all(idle.map((c) => c.ended));
  });

  test('the trusted proxy is not capped: its connections carry many clients', async () => {
    const viaProxy = await Promise.all(Array.from({ length: 5 }, () => connect({ to: secondPort, from: '127.0.0.3' })));
    for (const c of viaProxy) c.socket.write(health);
    const answers = await Promise.all(viaProxy.map((c) => c.ended));
    expect(answers.map((a) => answerOf(a.text).status)).toEqual([200, 200, 200, 200, 200]);
  });

  /** Sends the head of a request whose body never comes, and what came back once the server closed it. */
  async function earlyAnswer(head: string) {
    const c = await connect({ to: secondPort });
    c.socket.write(head);
    c.socket.write('{"partial":');
    const ended = await c.ended;
    return { status: answerOf(ended.text.split('\r\n\r\n')[0] + '\r\n\r\n').status, ...ended };
  }
  // Far below the 30 s the request timeout would have let the body take.
  const PROMPTLY_MS = 3_000;

  test('a 401 answered before the body arrived closes the connection at once', async () => {
    const answer = await earlyAnswer(
      'POST /api/admin/availability/periods HTTP/1.1\r\nHost: admin.studio.test\r\nContent-Type: application/json\r\n' +
        `Content-Length: 100000\r\nOrigin: http://admin.studio.test\r\n\r\n`,
    );
    expect(answer.status).toBe(401);
    expect(answer.text.toLowerCase()).toContain('connection: close');
    expect(answer.closedByServer).toBe(true);
    expect(answer.afterMs).toBeLessThan(PROMPTLY_MS);
  });

  test('a 413 on the declared length and a refused deploy token close the connection at once', async () => {
    const { token } = await issueDeployToken(
      second.repos.storage.deploys,
      'public-site',
      'CI',
      new Date().toISOString(),
    );
    const put = (auth: string) =>
      'PUT /api/deploy/public-site/versions HTTP/1.1\r\nHost: studio.test\r\nContent-Type: application/gzip\r\n' +
      `Content-Length: 100000\r\n${auth}\r\n`;
    const tooLarge = await earlyAnswer(put(`Authorization: Bearer ${token}\r\n`));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.closedByServer).toBe(true);
    expect(tooLarge.afterMs).toBeLessThan(PROMPTLY_MS);
    const refused = await earlyAnswer(put('Authorization: Bearer not-a-token\r\n'));
    expect(refused.status).toBe(403);
    expect(refused.closedByServer).toBe(true);
    expect(refused.afterMs).toBeLessThan(PROMPTLY_MS);
  });
});
