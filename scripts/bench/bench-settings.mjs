// The bench's settings (what is measured, how long, against which targets) and the small helpers every pass uses.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUT = path.join(ROOT, '.bench');
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
// Lighthouse runs on these; the script before interaction is counted on every public route (SCRIPT_ROUTES).
export const ROUTES = ['/', '/portfolio', '/portfolio/comp-card', '/book-me', '/service/photoshoot'];
export const SCRIPT_ROUTES = [...ROUTES, '/about', '/security-test'];
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};
export const CPU_SLOWDOWN = 4;
export const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
export const CONNECTIONS = 50;
export const TARGETS = {
  firstLoadKb: 125,
  ratio: 1.5,
  lighthouse: 98,
  lcpMs: 1500,
  bookingRps: 300,
  bookingP99: 50,
  rssMb: 150,
  buildS: 30,
  // POST /api/bookings with 10,000 stored requests and 3 admin streams open.
  streamsBookingRps: 1500,
  streamsBookingP99: 50,
  streamsRssMb: 150,
  streamsHealthP99: 20,
  // Bookings/s with 100,000 stored at least this share of the empty history's.
  flatWriteRatio: 0.9,
  // Script before any interaction (gzip), and Lighthouse mobile per public route (median of RUNS).
  staticScriptKb: 20,
  bookMeScriptKb: 100,
  lighthouse28: 99,
  tbtMs: 50,
  cls: 0,
  // Tap to visible answer at the phone profile, cold (the tap that loads the app) and warm (p75 of INTERACTION_RUNS).
  interactionMs: 200,
};
// The histories of the flat-write check, in one run; the first is the yardstick of the ratios, the one of 10,000
// is the row the booking-with-streams targets are checked on. BENCH_STORED_BOOKINGS=10000 runs one size;
// BENCH_ADMIN_STREAMS=0 is the plain write.
export const STORED_BOOKINGS = (process.env.BENCH_STORED_BOOKINGS ?? '0,10000,100000').split(',').map(Number);
export const REFERENCE_STORED = 10_000;
export const ADMIN_STREAMS = Number(process.env.BENCH_ADMIN_STREAMS ?? 3);

/** Runs per route for LCP and Lighthouse; the median is reported. */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 1000) / 1000;
};
/** Cold and warm runs per interaction of the interaction pass; the p75 is reported. */
export const INTERACTION_RUNS = Number(process.env.BENCH_INTERACTION_RUNS ?? 8);
/** The nearest-rank percentile (p in 0-100) of xs. */
export const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)];
export const log = (...a) => console.log('[bench]', ...a);
export const kb = (n) => (n / 1024).toFixed(1);
