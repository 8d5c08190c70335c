// The load pass: the API under autocannon next to a bare Fastify route.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { CONNECTIONS, LOAD_SECONDS, log } from './bench-settings.mjs';
import { rssKb } from './processes.mjs';

const require = createRequire(import.meta.url);

function autocannonRun(opts) {
  const autocannon = require('autocannon');
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: LOAD_SECONDS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

export async function loadRun(name, pid, opts) {
  let peak = rssKb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 100);
  try {
    const r = await autocannonRun(opts);
    const ok = r['2xx'];
    return {
      name,
      rps: Math.round(ok / (r.duration || LOAD_SECONDS)),
      p99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      peakRssMb: Math.round(peak / 1024),
    };
  } finally {
    clearInterval(timer);
  }
}

export function bookingBody() {
  return JSON.stringify({
    name: 'Bench Client',
    email: 'bench@example.com',
    phone: '',
    // A UGC request: it needs no dates, so every request is a complete, valid booking.
    serviceId: 'usergeneratedcontent',
    serviceTierId: 'ugc-single',
    date: '',
    consultationDate: '',
    consultationLocation: '',
    location: 'Phoenix',
    description: 'A load-test booking request.',
    smsOptIn: false,
  });
}

export async function loadPass(studio, bare) {
  const postHeaders = {
    'content-type': 'application/json',
    origin: studio.url,
  };
  const probe = await fetch(`${studio.url}/api/bookings`, {
    method: 'POST',
    headers: { ...postHeaders, 'idempotency-key': randomUUID() },
    body: bookingBody(),
  });
  const bookingRoute = probe.status !== 404;
  if (!bookingRoute) log('POST /api/bookings: n/a (route missing)');
  else if (probe.status >= 400) log(`POST /api/bookings probe answered ${probe.status}: ${await probe.text()}`);

  const uniqueKey = (req) => ({
    ...req,
    headers: { ...req.headers, 'idempotency-key': randomUUID() },
    body: bookingBody(),
  });
  const rows = [];
  rows.push(await loadRun('bare GET /bare', bare.pid, { url: `${bare.url}/bare` }));
  rows.push(await loadRun('GET /api/services', studio.pid, { url: `${studio.url}/api/services` }));
  rows.push(await loadRun('GET /api/availability', studio.pid, { url: `${studio.url}/api/availability` }));
  rows.push(
    await loadRun('bare POST /bare', bare.pid, {
      url: `${bare.url}/bare`,
      requests: [
        { method: 'POST', path: '/bare', headers: { 'content-type': 'application/json' }, setupRequest: uniqueKey },
      ],
    }),
  );
  if (bookingRoute) {
    rows.push(
      await loadRun('POST /api/bookings', studio.pid, {
        url: `${studio.url}/api/bookings`,
        requests: [{ method: 'POST', path: '/api/bookings', headers: postHeaders, setupRequest: uniqueKey }],
      }),
    );
  } else {
    rows.push({ name: 'POST /api/bookings', missing: true });
  }
  const bareGet = rows[0];
  const barePost = rows[3];
  for (const r of rows) {
    if (r.missing || r.name.startsWith('bare')) continue;
    const ref = r.name.startsWith('POST') ? barePost : bareGet;
    r.rpsRatio = Number((r.rps / ref.rps).toFixed(2));
    r.p99Ratio = Number((r.p99Ms / Math.max(ref.p99Ms, 1)).toFixed(2));
    r.rssRatio = Number((r.peakRssMb / Math.max(ref.peakRssMb, 1)).toFixed(2));
  }
  return rows;
}
