// The bench's admin side while the booking load runs (bench.mjs): holds the admin's live streams open and
// reads them as a dashboard would, and asks /api/health every 50 ms, from a process of its own so that neither the
// load generator's work nor this one's skews the other's timings. Prints `ready` once every stream is open, and one
// JSON line with what it saw when it gets SIGTERM.
// Her streams are asked of the server's address with her origin's Host (ADMIN_ORIGIN, where her API answers), so no
// name lookup of *.localhost is needed.
//   node stream-probe.mjs <base url> <admin origin> <session id>...
import http from 'node:http';

const [base, adminOrigin, ...sessions] = process.argv.slice(2);
const adminHost = new URL(adminOrigin).host;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const streams = sessions.map(() => ({ status: 0, bytes: 0, bookingEvents: 0, ended: false }));
const healthMs = [];
const healthFailures = [];
let stopping = false;

function openStream(session, seen) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/admin/events`, {
      headers: { host: adminHost, cookie: `studio_session=${session}`, accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      seen.status = res.statusCode;
      res.setEncoding('utf8');
      // Events are counted across chunk boundaries by keeping the tail of the last chunk.
      let tail = '';
      res.on('data', (chunk) => {
        seen.bytes += Buffer.byteLength(chunk);
        const text = tail + chunk;
        seen.bookingEvents += text.split('event: booking\n').length - 1;
        tail = text.slice(-32);
        if (tail.includes('event: booking\n')) tail = tail.slice(tail.lastIndexOf('event: booking\n') + 15);
      });
      res.on('close', () => (seen.ended = !stopping));
      resolve();
    });
  });
}

function health() {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (res.statusCode === 200) healthMs.push(ms);
        else healthFailures.push(res.statusCode);
        resolve();
      });
    });
    // A health check that takes this long has failed, whatever it answers later.
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', (error) => {
      healthFailures.push(error.message);
      resolve();
    });
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
};

await Promise.all(sessions.map((s, i) => openStream(s, streams[i])));
console.log('ready');

let healthLoop = true;
const loop = (async () => {
  while (healthLoop) {
    const next = Date.now() + 50;
    await health();
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
})();

process.once('SIGTERM', async () => {
  stopping = true;
  healthLoop = false;
  await loop;
  const round = (n) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      streams,
      health: {
        count: healthMs.length,
        failures: healthFailures.length,
        p50Ms: round(percentile(healthMs, 50)),
        p99Ms: round(percentile(healthMs, 99)),
        maxMs: round(Math.max(0, ...healthMs)),
      },
    }),
  );
  process.exit(0);
});
