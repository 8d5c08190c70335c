// A bounded load generator for POST /api/bookings on 127.0.0.1: `connections` keep-alive sockets, each sending one
// request after another until `durationMs` has passed (or the server dies). Every request carries a unique
// Idempotency-Key, and every answer is recorded so the caller can check the database against what was acknowledged.
import http from 'node:http';
import { randomUUID } from 'node:crypto';

export interface Answer {
  key: string;
  status: number; // 0 when the connection failed (e.g. the server was killed)
  id?: string;
  retryAfter?: string;
}

export function bookingBody(n: number) {
  return {
    name: `Load Test ${n}`,
    email: `load${n}@example.com`,
    phone: '',
    serviceId: 'usergeneratedcontent',
    serviceTierId: 'ugc-single',
    date: '',
    consultationDate: '',
    consultationLocation: '',
    location: '',
    description: 'A short product video for a load test.',
    smsOptIn: false,
  };
}

function post(agent: http.Agent, port: number, key: string, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/bookings',
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'Idempotency-Key': key,
          // A browser's write names the origin it was sent from; the server refuses one that does not.
          Origin: `http://127.0.0.1:${port}`,
        },
        timeout: 10_000,
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => {
          let id: string | undefined;
          try {
            id = (JSON.parse(data) as { id?: string }).id;
          } catch {
            id = undefined;
          }
          const retryAfter = res.headers['retry-after'];
          resolve({
            key,
            status: res.statusCode ?? 0,
            ...(id ? { id } : {}),
            ...(retryAfter ? { retryAfter: String(retryAfter) } : {}),
          });
        });
        res.on('error', () => resolve({ key, status: 0 }));
      },
    );
    req.on('error', () => resolve({ key, status: 0 }));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
}

export async function runLoad(options: {
  port: number;
  connections: number;
  durationMs: number;
  /** Stop early once this returns true (e.g. the server was killed). */
  stop?: () => boolean;
  /** Called with each answer as it arrives (the returned list has them all at the end). */
  onAnswer?: (answer: Answer) => void;
}): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const answers: Answer[] = [];
  const deadline = Date.now() + options.durationMs;
  let n = 0;
  const worker = async () => {
    while (Date.now() < deadline && !options.stop?.()) {
      const key = randomUUID();
      const answer = await post(agent, options.port, key, JSON.stringify(bookingBody(n++)));
      answers.push(answer);
      options.onAnswer?.(answer);
      if (answer.status === 0 && options.stop?.()) break;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  agent.destroy();
  return answers;
}
