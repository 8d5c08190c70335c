// The bench's tables: the booking-with-streams pass, the flat-write check, the performance targets and the report.
import os from 'node:os';
import {
  ADMIN_STREAMS,
  CONNECTIONS,
  INTERACTION_RUNS,
  LOAD_SECONDS,
  REFERENCE_STORED,
  ROUTES,
  RUNS,
  TARGETS,
  kb,
} from './bench-settings.mjs';
import { startTable } from './server-start.mjs';

export function streamsTable(x) {
  const verdict = (ok) => (ok ? 'met' : 'missed');
  const events = x.streams.map((s) => s.bookingEvents).join(' / ');
  const dropped = x.streams.filter((s) => s.ended || s.status !== 200).length;
  return [
    `| ${x.name} (${CONNECTIONS} connections, ${LOAD_SECONDS} s; load average ${x.loadAverage}) | measured | target | |`,
    '|---|---:|---:|---|',
    `| bookings/s (201) | ${x.rps} | ≥ ${TARGETS.streamsBookingRps} | ${verdict(x.rps >= TARGETS.streamsBookingRps)} |`,
    `| p99 (ms) | ${x.p99Ms} | < ${TARGETS.streamsBookingP99} | ${verdict(x.p99Ms < TARGETS.streamsBookingP99)} |`,
    `| peak RSS (MB) | ${x.peakRssMb} | ≤ ${TARGETS.streamsRssMb} | ${verdict(x.peakRssMb <= TARGETS.streamsRssMb)} |`,
    `| /api/health p99 during it (ms, ${x.health.count} probes) | ${x.healthP99Ms} | < ${TARGETS.streamsHealthP99} | ${verdict(x.healthP99Ms < TARGETS.streamsHealthP99)} |`,
    `| booking events read per stream | ${events} | one per booking | ${dropped ? `${dropped} stream(s) dropped` : 'none dropped'} |`,
    ...(x.non2xx || x.errors ? [`| non-2xx / errors | ${x.non2xx} / ${x.errors} | 0 | |`] : []),
  ].join('\n');
}

/** Every history size of the flat-write check, with its ratios against the first (the empty history). */
export function flatWriteTable(rows) {
  return [
    `| flat write: stored requests (${ADMIN_STREAMS} streams, ${CONNECTIONS} connections, ${LOAD_SECONDS} s) | bookings/s | vs empty | p99 (ms) | vs empty | peak RSS (MB) | /api/health p99 (ms) | seeded in (ms) | load average |`,
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.stored.toLocaleString('en-US')} | ${r.rps} | ${r.rpsRatio} | ${r.p99Ms} | ${r.p99Ratio} | ${r.peakRssMb} | ${r.healthP99Ms} | ${r.seedMs} | ${r.loadAverage} |`,
    ),
  ].join('\n');
}

/**
 * The interaction pass: per interaction the p75 from the tap to the visible answer, cold and warm, with the p75 of the
 * longest Event Timing entry of its taps ('< 16': no entry, every event under the API's least threshold).
 */
export function interactionsTable(rows) {
  const inp = (ms) => (ms === null ? '' : ms < 16 ? '< 16' : ms);
  const verdict = (r) => {
    if (r.coldMs === null) return '**missed** (no run answered)';
    const late = ['cold', 'warm'].filter((run) => r[`${run}Ms`] > TARGETS.interactionMs);
    return late.length ? `**missed** (${late.join(' and ')})` : 'met';
  };
  return [
    `| interaction (phone, 4x CPU; p75 of ${INTERACTION_RUNS}) | cold: tap to answer (ms) | warm: tap to answer (ms) | INP-style (Event Timing), cold / warm (ms) | target | |`,
    '|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name}${r.failed ? ` (${r.failed} of ${INTERACTION_RUNS} runs failed)` : ''} | ${r.coldMs ?? ''} | ${r.warmMs ?? ''} | ${inp(r.coldInpMs)} / ${inp(r.warmInpMs)} | ≤ ${TARGETS.interactionMs}, cold and warm | ${verdict(r)} |`,
    ),
  ].join('\n');
}

/**
 * The performance targets, each marked met or missed, for docs/performance.md. `routes` and `lighthouse` are absent in a
 * `--streams` run: those rows are left out, not marked.
 */
export function issue28Table({ flatWrite, routes, lighthouse }) {
  const verdict = (ok) => (ok ? 'met' : '**missed**');
  const rows = [];
  const reference = flatWrite.find((r) => r.stored === REFERENCE_STORED);
  if (reference) {
    const name = `POST /api/bookings, ${REFERENCE_STORED.toLocaleString('en-US')} stored, ${ADMIN_STREAMS} streams`;
    rows.push(
      `| ${name}: bookings/s | ${reference.rps} | ≥ ${TARGETS.streamsBookingRps} | ${verdict(reference.rps >= TARGETS.streamsBookingRps)} |`,
      `| ${name}: p99 | ${reference.p99Ms} ms | < ${TARGETS.streamsBookingP99} ms | ${verdict(reference.p99Ms < TARGETS.streamsBookingP99)} |`,
      `| ${name}: peak RSS | ${reference.peakRssMb} MB | ≤ ${TARGETS.streamsRssMb} MB | ${verdict(reference.peakRssMb <= TARGETS.streamsRssMb)} |`,
      `| ${name}: /api/health p99 during it | ${reference.healthP99Ms} ms | < ${TARGETS.streamsHealthP99} ms | ${verdict(reference.healthP99Ms < TARGETS.streamsHealthP99)} |`,
    );
  }
  const empty = flatWrite[0];
  const largest = flatWrite.at(-1);
  if (empty && largest && largest !== empty && empty.stored === 0) {
    rows.push(
      `| bookings/s, ${largest.stored.toLocaleString('en-US')} stored vs an empty history | ${largest.rpsRatio} (${largest.rps} / ${empty.rps}) | ≥ ${TARGETS.flatWriteRatio} | ${verdict(largest.rpsRatio >= TARGETS.flatWriteRatio)} |`,
    );
  }
  for (const r of routes ?? []) {
    const limit = r.route === '/book-me' ? TARGETS.bookMeScriptKb : TARGETS.staticScriptKb;
    rows.push(
      `| ${r.route}: script before interaction (gzip, ${r.jsRequests} requests) | ${kb(r.jsGzipBytes)} KB | ≤ ${limit} KB | ${verdict(r.jsGzipBytes <= limit * 1024)} |`,
    );
  }
  for (const l of lighthouse ?? []) {
    if (l.runtimeError) {
      rows.push(
        `| ${l.route}: Lighthouse mobile | error: ${l.runtimeError} | ≥ ${TARGETS.lighthouse28} | **missed** |`,
      );
      continue;
    }
    rows.push(
      `| ${l.route}: Lighthouse mobile (median of ${l.runs}) | ${l.score} | ≥ ${TARGETS.lighthouse28} | ${verdict(l.score >= TARGETS.lighthouse28)} |`,
      `| ${l.route}: TBT | ${l.tbtMs} ms | ≤ ${TARGETS.tbtMs} ms | ${verdict(l.tbtMs <= TARGETS.tbtMs)} |`,
      `| ${l.route}: CLS | ${l.cls} | ${TARGETS.cls} | ${verdict(l.cls <= TARGETS.cls)} |`,
      `| ${l.route}: Lighthouse LCP | ${l.lcpMs} ms | ≤ ${TARGETS.lcpMs} ms | ${verdict(l.lcpMs <= TARGETS.lcpMs)} |`,
    );
  }
  return ['| issue 28 target | measured | target | |', '|---|---:|---:|---|', ...rows].join('\n');
}

// ---------- report ----------

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} x ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.versions.node}`;
}

export function markdown(r) {
  const lh = new Map((r.lighthouse ?? []).map((x) => [x.route, x]));
  const lines = [
    `Taken ${r.takenAt} on ${r.machine}.`,
    '',
    `Production build: ${r.buildSeconds} s (target < ${TARGETS.buildS} s). First start (seed) of the server: ${r.firstStartMs} ms.`,
    '',
    `| route | script before interaction, gzip (KB) | JS requests | requests | image bytes (KB) | LCP, phone 4x CPU (ms) | Lighthouse mobile (median of ${RUNS}) | Lighthouse LCP (ms) | Lighthouse FCP / TBT (ms) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.routes.map((x) => {
      const l = lh.get(x.route);
      // Lighthouse runs on ROUTES only (the others are counted for their script).
      const score = !l
        ? ROUTES.includes(x.route)
          ? 'skipped'
          : ''
        : l.runtimeError
          ? `error: ${l.runtimeError}`
          : l.score;
      return `| ${x.route} | ${kb(x.jsGzipBytes)} | ${x.jsRequests} | ${x.requests} | ${kb(x.imageBytes)} | ${x.lcpMs || ''} | ${score} | ${l ? l.lcpMs : ''} | ${l ? `${l.fcpMs} / ${l.tbtMs}` : ''} |`;
    }),
    '',
    interactionsTable(r.interactions),
    '',
    `First-load JS of /: federated ${kb(r.federatedFirstLoadBytes)} KB, monolithic baseline ${kb(r.monolith.jsGzipBytes)} KB ` +
      `(${r.monolith.jsRequests} requests, LCP ${r.monolith.lcpMs} ms` +
      (r.monolith.lighthouse
        ? `, Lighthouse ${r.monolith.lighthouse.score}, LCP ${r.monolith.lighthouse.lcpMs} ms, TBT ${r.monolith.lighthouse.tbtMs} ms`
        : '') +
      `): ratio **${r.ratio}x** (target ≤ ${TARGETS.ratio}x, ≤ ${TARGETS.firstLoadKb} KB).`,
    '',
    `| load (${CONNECTIONS} connections, ${LOAD_SECONDS} s) | requests/s | p99 (ms) | peak RSS (MB) | vs bare: req/s | p99 | RSS |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...r.load.map((x) =>
      x.missing
        ? `| ${x.name} | n/a (route missing) | | | | | |`
        : `| ${x.name} | ${x.rps} | ${x.p99Ms} | ${x.peakRssMb} | ${x.rpsRatio ?? ''} | ${x.p99Ratio ?? ''} | ${x.rssRatio ?? ''} |` +
          (x.non2xx ? ` (${x.non2xx} non-2xx)` : ''),
    ),
    '',
    streamsTable(r.streams.find((x) => x.stored === REFERENCE_STORED) ?? r.streams[0]),
    '',
    flatWriteTable(r.streams),
    '',
    issue28Table({ flatWrite: r.streams, routes: r.routes, lighthouse: r.lighthouse }),
    '',
    `Server start-up (median of ${r.serverStart[0]?.runs ?? 0} restarts on a seeded DATA_DIR):`,
    '',
    startTable(r.serverStart),
  ];
  return lines.join('\n');
}
