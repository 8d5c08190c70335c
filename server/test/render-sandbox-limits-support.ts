// What the renderer's limit tests share (render-sandbox-limits*.test.ts): the system probed first, a listening app
// per test, /api/health watched over HTTP during a scenario, and entries that count their renders.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { BuildOverrides } from '../src/app/app';
import { memoryBound, networkNamespace, parentDeathSignal } from '../src/features/pages/render-process';
import { sandboxApp, type SandboxApp } from './render-sandbox-support';

export const MB = 1024 * 1024;

/** Probes the system's abilities before the file's tests. */
export function probeSystemFirst(): void {
  beforeAll(async () => {
    // The system's abilities are probed once per server process, at its first renderer: here, not inside a measurement.
    networkNamespace();
    parentDeathSignal();
    await memoryBound();
  });
}

/** A fresh app per test of the block, listening on a real port. */
export function useApp(overrides: BuildOverrides = {}) {
  const app = { s: undefined as unknown as SandboxApp, base: '' };
  beforeEach(async () => {
    app.s = await sandboxApp({ renderTimeoutMs: 2000, ...overrides });
    await app.s.t.app.listen({ host: '127.0.0.1', port: 0 });
    app.base = `http://127.0.0.1:${(app.s.t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => app.s.close());
  return app;
}

export const peakRss = () =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

/**
 * Runs `scenario` while /api/health is asked over real HTTP, one request after another, and reports the slowest
 * answer and how far the process's peak RSS rose above its RSS before (VmHWM, reset first: no peak between samples is
 * missed). `sample` runs with each answer (to count renderers).
 */
export async function whileWatching<T>(base: string, scenario: () => Promise<T>, sample?: () => void) {
  const before = process.memoryUsage.rss();
  writeFileSync('/proc/self/clear_refs', '5');
  let slowestMs = 0;
  let answers = 0;
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(20_000) });
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      answers += 1;
      sample?.();
      // A visitor's cadence, not a wait for anything: the scenario's own awaits decide when it ends.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let result: T;
  try {
    result = await scenario();
  } finally {
    done = true;
    await poller;
  }
  const rssGrowthMb = Math.max(0, peakRss() - before) / MB;
  if (process.env.STUDIO_SANDBOX_REPORT)
    writeFileSync(
      process.env.STUDIO_SANDBOX_REPORT,
      `${expect.getState().currentTestName}: slowest health ${Math.round(slowestMs)} ms over ${answers} answers, peak RSS +${rssGrowthMb.toFixed(1)} MB\n`,
      { flag: 'a' },
    );
  expect(answers).toBeGreaterThan(0);
  expect(slowestMs).toBeLessThan(1000);
  expect(rssGrowthMb).toBeLessThan(100);
  return result;
}

/** The gate's one problem with an upload the test expects refused. */
export function gateProblem(res: { statusCode: number; json(): unknown }): string {
  expect(res.statusCode).toBe(422);
  const [problem = ''] = (res.json() as { fieldErrors: { gate: string[] } }).fieldErrors.gate;
  return problem;
}

/** An entry whose page shows which render of its renderer made it, and carries `bytes` of markup and data. */
export const countingEntry = (htmlBytes = 0, dataBytes = 0) => `
  let renders = 0;
  exports.renderPublicSite = async ({ frame }) => {
    renders += 1;
    return {
      html: frame('<p>render ' + renders + '</p>' + 'h'.repeat(${htmlBytes})),
      data: ${dataBytes} > 0 ? [[['filler'], 'd'.repeat(${dataBytes})]] : [],
    };
  };`;
export const renderNumber = (body: string) => /<p>render (\d+)<\/p>/.exec(body)?.[1];
