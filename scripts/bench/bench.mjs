// `npm run bench`: builds for production, serves the build with the real server on 127.0.0.1, and measures what the
// site's performance budget covers: per route the first load's JS (gzip) and requests, image bytes and LCP in
// Chromium at a phone profile; Lighthouse (mobile preset) score and LCP; the federated / monolithic first-load JS
// ratio; and the API under load (autocannon, 50 connections) next to a bare Fastify route; the booking write with 3
// admin live streams open and /api/health timed during it, at 0, 10,000 and 100,000 stored requests in one run, as
// ratios against the empty history (the write path stays flat as the history grows); the time from a tap to its
// answer, cold and warm, on the public pages' interactions; and the server's start-up time and idle memory, compiled
// and through tsx (server-start.mjs). Writes .bench/report.json and .bench/report.md and prints the tables, the last
// one the performance targets marked met or missed. `--streams` runs only the booking-with-streams passes against the
// last production build (`npm run build:server` is enough for it), `--interactions` only the interaction pass.
// The passes and tables live beside it (bench-settings.mjs, processes.mjs, browser-pass.mjs, interactions-pass.mjs,
// load-pass.mjs, streams-pass.mjs, report.mjs); this file runs them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  INTERACTION_RUNS,
  OUT,
  REFERENCE_STORED,
  ROOT,
  ROUTES,
  RUNS,
  SCRIPT_ROUTES,
  TARGETS,
  kb,
  log,
} from './bench-settings.mjs';
import { browserPass, lighthousePass } from './browser-pass.mjs';
import { interactionsPass } from './interactions-pass.mjs';
import { loadPass } from './load-pass.mjs';
import { freePort, run, startNode, startStudio } from './processes.mjs';
import { flatWriteTable, interactionsTable, issue28Table, machine, markdown, streamsTable } from './report.mjs';
import { measureServerStart } from './server-start.mjs';
import { flatWritePass } from './streams-pass.mjs';

const require = createRequire(import.meta.url);

const quick = process.argv.includes('--quick'); // skips Lighthouse (for a fast look while working)
// Only the page passes (browser and Lighthouse) against the last build, no load: BENCH_SHELL_DIR and
// BENCH_PUBLIC_SITE_DIR serve other bundles through the same server (a before/after on one machine).
const pagesOnly = process.argv.includes('--pages');
const streamsOnly = process.argv.includes('--streams'); // only the booking-with-streams pass, on the last build
const interactionsOnly = process.argv.includes('--interactions'); // only the interaction pass, on the last build

// ---------- main ----------

/** `--streams`: the booking-with-streams pass alone, on the server the last production build compiled. */
async function streamsMain() {
  mkdirSync(OUT, { recursive: true });
  const streams = await flatWritePass();
  const reference = streams.find((x) => x.stored === REFERENCE_STORED) ?? streams[0];
  const md = [
    `Taken ${new Date().toISOString()} on ${machine()}.`,
    '',
    streamsTable(reference),
    '',
    flatWriteTable(streams),
    '',
    issue28Table({ flatWrite: streams }),
  ].join('\n');
  writeFileSync(path.join(OUT, 'streams.json'), `${JSON.stringify({ targets: TARGETS, streams }, null, 2)}\n`);
  console.log(`\n${md}\n\nWritten to .bench/streams.json`);
}

/** `--interactions`: the interaction pass alone, on the last production build. */
async function interactionsMain() {
  mkdirSync(OUT, { recursive: true });
  const studio = await startStudio();
  try {
    log(`interaction pass (phone profile, ${INTERACTION_RUNS} cold and warm runs each)`);
    const interactions = await interactionsPass(studio.url);
    const md = [`Taken ${new Date().toISOString()} on ${machine()}.`, '', interactionsTable(interactions)].join('\n');
    writeFileSync(
      path.join(OUT, 'interactions.json'),
      `${JSON.stringify({ targets: TARGETS, interactions }, null, 2)}\n`,
    );
    console.log(`\n${md}\n\nWritten to .bench/interactions.json`);
  } finally {
    await studio.stop();
  }
}

async function main() {
  const t0 = Date.now();
  mkdirSync(OUT, { recursive: true });

  log('production build');
  const buildStart = Date.now();
  await run(process.execPath, ['scripts/build.mjs']);
  const buildSeconds = Number(((Date.now() - buildStart) / 1000).toFixed(1));

  log('monolithic baseline build');
  const monolithDir = path.join(OUT, 'monolith');
  await new Promise((resolve, reject) => {
    const webpack = require('webpack');
    webpack(require('./monolith.webpack.cjs')(monolithDir), (err, stats) =>
      err || stats.hasErrors() ? reject(err ?? new Error(stats.toString('errors-only'))) : resolve(),
    );
  });

  const studio = await startStudio();
  // The baseline is served by the same server, with no remote to hint at (PUBLIC_SITE_DIR points nowhere).
  const mono = await startStudio({ SHELL_DIR: monolithDir, PUBLIC_SITE_DIR: path.join(OUT, 'no-remote') });
  const bare = await startNode('scripts/bench/bare-server.mjs', { cwd: ROOT, health: '/bare', port: await freePort() });
  const stopAll = () => Promise.all([studio.stop(), mono.stop(), bare.stop()]);
  // Ctrl-C stops the servers this run started instead of leaving them listening.
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    log(`first start with seed: ${studio.firstStartMs} ms`);
    log('browser pass (phone profile)');
    const routes = await browserPass(studio.url, SCRIPT_ROUTES);
    const [monolith] = await browserPass(mono.url, ['/']);
    log('interaction pass (phone profile)');
    const interactions = await interactionsPass(studio.url);
    const lighthouseRows = quick ? undefined : await lighthousePass(studio.url, ROUTES);
    // The baseline's own score in the same run: on a busy machine the scores move together, so this is the yardstick.
    const monolithLighthouse = quick ? undefined : (await lighthousePass(mono.url, ['/']))[0];
    log('load pass');
    const load = await loadPass(studio, bare);
    const streams = await flatWritePass();
    log('server start-up, compiled and through tsx');
    const serverStart = await measureServerStart({ runs: 3 });

    const federatedFirstLoadBytes = routes[0].jsGzipBytes;
    const report = {
      takenAt: new Date().toISOString(),
      machine: machine(),
      buildSeconds,
      firstStartMs: studio.firstStartMs,
      targets: TARGETS,
      routes: routes.map(({ scripts, ...r }) => ({
        ...r,
        scripts: scripts.map((s) => ({ url: new URL(s.url).pathname, gzip: s.gzip })),
      })),
      lighthouse: lighthouseRows,
      interactions,
      federatedFirstLoadBytes,
      monolith: {
        jsGzipBytes: monolith.jsGzipBytes,
        jsRequests: monolith.jsRequests,
        lcpMs: monolith.lcpMs,
        lighthouse: monolithLighthouse,
      },
      ratio: Number((federatedFirstLoadBytes / monolith.jsGzipBytes).toFixed(2)),
      load,
      streams,
      serverStart,
      benchSeconds: 0,
    };
    report.benchSeconds = Math.round((Date.now() - t0) / 1000);
    const md = markdown(report);
    writeFileSync(path.join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(OUT, 'report.md'), `${md}\n`);
    console.log(`\n${md}\n\nBench took ${report.benchSeconds} s; written to .bench/report.json and .bench/report.md`);
  } finally {
    await stopAll();
  }
}

/** `--pages`: the browser and Lighthouse passes on the last build, printed as one table. */
async function pagesMain() {
  const env = {
    ...(process.env.BENCH_SHELL_DIR ? { SHELL_DIR: path.resolve(process.env.BENCH_SHELL_DIR) } : {}),
    ...(process.env.BENCH_PUBLIC_SITE_DIR ? { PUBLIC_SITE_DIR: path.resolve(process.env.BENCH_PUBLIC_SITE_DIR) } : {}),
  };
  const studio = await startStudio(env);
  try {
    const routes = await browserPass(studio.url, SCRIPT_ROUTES);
    const lighthouseRows = quick ? [] : await lighthousePass(studio.url, ROUTES);
    const lh = new Map(lighthouseRows.map((x) => [x.route, x]));
    const lines = [
      `Taken ${new Date().toISOString()} on ${machine()}; median of ${RUNS} runs per route.`,
      '',
      '| route | script before interaction, gzip (KB) | LCP, phone 4x CPU (ms) | Lighthouse mobile | Lighthouse LCP (ms) | FCP / TBT (ms) | CLS |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...routes.map((x) => {
        const l = lh.get(x.route);
        return `| ${x.route} | ${kb(x.jsGzipBytes)} | ${x.lcpMs || ''} | ${l?.score ?? ''} | ${l?.lcpMs ?? ''} | ${l ? `${l.fcpMs} / ${l.tbtMs}` : ''} | ${l?.cls ?? ''} |`;
      }),
      '',
      issue28Table({ flatWrite: [], routes, lighthouse: quick ? undefined : lighthouseRows }),
    ];
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'pages.json'), `${JSON.stringify({ routes, lighthouse: lighthouseRows }, null, 2)}\n`);
    console.log(`\n${lines.join('\n')}\n`);
  } finally {
    await studio.stop();
  }
}

(streamsOnly ? streamsMain() : interactionsOnly ? interactionsMain() : pagesOnly ? pagesMain() : main()).catch(
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
