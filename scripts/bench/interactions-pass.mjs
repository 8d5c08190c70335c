// The interaction pass: per interaction, the time from a touch tap to its visible answer at the phone profile, cold
// (the first tap on a freshly loaded page in a fresh context: it pays for loading and hydrating the app) and warm (the
// same interaction again on the page that tap hydrated), each next to the INP-style duration the Event Timing API gives
// the tap itself.
import { setTimeout as delay } from 'node:timers/promises';
import { INTERACTION_RUNS, log, percentile } from './bench-settings.mjs';
import { launchChromium, phonePage } from './browser-pass.mjs';

const logo = (page) => page.locator('header a.navbar-logo');

/**
 * What is tapped (`taps` times), on which route; `after`, what follows the tap (a native select's option is picked in
 * the browser's own list, which no tap reaches: Playwright picks it); `answer`, the test run inside the page
 * (`shown(selector)`: that element is laid out and not hidden); `undo`, how the warm run takes the page back to before
 * the answer.
 */
const INTERACTIONS = [
  {
    name: '/book-me: Show calendar → the calendar',
    route: '/book-me',
    control: (page) => page.getByRole('button', { name: 'Show calendar' }),
    answer: (shown) => shown('[role="group"][aria-label^="Calendar for"]'),
    undo: async (page) => {
      await page.getByRole('button', { name: 'Hide calendar' }).tap();
      await page.getByRole('group', { name: /^Calendar for/ }).waitFor({ state: 'hidden' });
    },
  },
  {
    name: '/book-me: Suggest next available date → the date',
    route: '/book-me',
    control: (page) => page.getByRole('button', { name: /^Suggest next available date/ }),
    answer: () => (document.querySelector('input[name="date"]')?.value ?? '') !== '',
    undo: (page) => page.locator('input[name="date"]').fill(''),
  },
  {
    name: '/book-me: Service Type, Photoshoot → Service Package',
    route: '/book-me',
    control: (page) => page.getByRole('combobox', { name: 'Service Type' }),
    after: (control) => control.selectOption({ label: 'Photoshoot' }),
    answer: (shown) => shown('select[name="serviceTierId"]'),
    undo: async (page) => {
      await page.getByRole('combobox', { name: 'Service Type' }).selectOption('');
      await page.locator('select[name="serviceTierId"]').waitFor({ state: 'detached' });
    },
  },
  {
    // /portfolio lists the sections (links); the images that open the viewer are on a section's page.
    name: '/portfolio/digitals: an image → the viewer',
    route: '/portfolio/digitals',
    control: (page) => page.getByRole('button', { name: /in the viewer$/ }).first(),
    answer: (shown) => shown('[role="dialog"][aria-label="Image viewer"]'),
    undo: async (page) => {
      await page.getByRole('button', { name: 'Close viewer' }).tap();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    },
  },
  {
    // The form is on her origin's page, which the gesture opens: the answer comes with that page's load.
    name: '/: the logo tapped 3 times → the sign-in form',
    route: '/',
    control: logo,
    taps: 3,
    answer: (shown) => shown('form.navbar-sign-in input[type="email"]'),
    // Back on the public page, hydrated as by a visitor's first focus (the logo is an island).
    undo: async (page, base) => {
      await page.goto(`${base}/`);
      await logo(page).focus();
      await page.evaluate(() => document.activeElement?.blur());
    },
  },
];

/**
 * Runs in every document of the measured page before its own scripts. Reports each tap (a trusted pointerdown, or a
 * select's change), each Event Timing entry of an interaction, and each time the answer turns visible, in epoch
 * milliseconds so that times from two documents compare (the logo's answer is on another origin's page). The answer is
 * tested in the animation frame after the DOM or a field changed, and reported after that frame's paint (a message
 * posted from the frame runs once it is painted); nothing runs while the page is still.
 */
function watchPage(answer) {
  const report = (r) => globalThis.__benchReport?.(r);
  const epoch = (t) => performance.timeOrigin + t;
  const shown = (selector) => {
    const el = document.querySelector(selector);
    const box = el?.getBoundingClientRect();
    return !!box && box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  let visible = false;
  let scheduled = false;
  const check = () => {
    scheduled = false;
    const now = answer(shown);
    if (now && !visible) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => report({ kind: 'shown', t: epoch(performance.now()) });
      channel.port2.postMessage(null);
    }
    visible = now;
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  };
  new MutationObserver(schedule).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  addEventListener('input', schedule, true);
  addEventListener('pointerdown', (e) => e.isTrusted && report({ kind: 'tap', t: epoch(e.timeStamp) }), {
    capture: true,
    passive: true,
  });
  addEventListener(
    'change',
    (e) => {
      if (e.target instanceof HTMLSelectElement) report({ kind: 'tap', t: epoch(e.timeStamp) });
      schedule();
    },
    true,
  );
  const events = (entries) => {
    for (const e of entries) {
      if (e.interactionId) report({ kind: 'event', name: e.name, t: epoch(e.startTime), duration: e.duration });
    }
  };
  // 16 ms is the least threshold the API takes: a shorter event has no entry.
  const observer = new PerformanceObserver((list) => events(list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true });
  // The logo's third tap leaves the page: the entries not delivered yet are reported as it goes.
  addEventListener('pagehide', () => events(observer.takeRecords()));
  globalThis.__benchFlush = () => events(observer.takeRecords());
}

/**
 * Waits until the page's main thread has an idle period of at least 45 ms (requestIdleCallback gives at most 50 ms when
 * nothing is due), so that a tap meets a page done with its own start-up work (the island loader, image decoding), as
 * a visitor's tap a moment after the page appeared would. A condition, not a fixed pause.
 */
function settle(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + 30_000;
        const next = () =>
          requestIdleCallback((d) => {
            if (d.timeRemaining() >= 45) resolve();
            else if (performance.now() > deadline) reject(new Error('the page was never idle for 45 ms'));
            else next();
          });
        next();
      }),
  );
}

async function until(test, what) {
  const deadline = Date.now() + 30_000;
  for (let value = test(); !value; value = test()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within 30 s`);
    // Node-side polling of what the page reported: the times measured are the page's own.
    await delay(10);
  }
}

/** The gesture on a settled page; returns its taps' and answer's times (epoch ms) once the answer has shown. */
async function gesture(page, interaction, reports) {
  const control = interaction.control(page);
  // The checks a real tap makes (visible, stable, enabled, not covered), scrolling it into view, without tapping.
  await control.tap({ trial: true });
  await settle(page);
  const box = await control.boundingBox();
  const from = reports.length;
  const taps = interaction.taps ?? 1;
  for (let i = 0; i < taps; i += 1) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await interaction.after?.(control);
  const tapTimes = () => reports.slice(from).filter((r) => r.kind === 'tap');
  await until(() => tapTimes().length >= taps + (interaction.after ? 1 : 0), 'tap reported');
  const first = tapTimes()[0].t;
  // Timed from the tap that asks for the answer: the last (the third of the logo's, the option picked after the tap).
  const last = tapTimes().at(-1).t;
  let answer;
  await until(() => (answer = reports.slice(from).find((r) => r.kind === 'shown' && r.t >= last)), 'answer');
  return { first, last, answer: answer.t };
}

/**
 * Milliseconds from the gesture's last tap to its answer and from its first (they differ for the logo's three taps and
 * the select's tap and pick), and the longest Event Timing entry among its taps.
 */
function timing({ first, last, answer }, reports) {
  const entries = reports.filter((r) => r.kind === 'event' && r.t >= first - 1 && r.t <= answer);
  return {
    ms: Math.round(answer - last),
    fromFirstTapMs: Math.round(answer - first),
    inpMs: Math.max(0, ...entries.map((e) => e.duration)),
  };
}

const hydrated = (el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')) && !el.disabled;

/** One cold run of an interaction in a fresh context, then the warm one on the page it hydrated. */
async function measureInteraction(browser, base, interaction) {
  const { context, page } = await phonePage(browser);
  try {
    const reports = [];
    await page.exposeBinding('__benchReport', (_source, r) => void reports.push(r));
    await page.addInitScript({ content: `(${watchPage})(${interaction.answer});` });
    await page.goto(`${base}${interaction.route}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    if (await page.evaluate(() => document.documentElement.dataset.islands !== undefined)) {
      throw new Error('the app loaded before the first tap');
    }
    const cold = await gesture(page, interaction, reports);
    await interaction.undo(page, base);
    await page.waitForFunction(hydrated, await interaction.control(page).elementHandle());
    const warm = await gesture(page, interaction, reports);
    // Event Timing entries arrive after the frame they end with is presented: once the page is idle they are all in.
    await settle(page);
    await page.evaluate(() => globalThis.__benchFlush());
    return { cold: timing(cold, reports), warm: timing(warm, reports) };
  } finally {
    await context.close();
  }
}

export async function interactionsPass(base) {
  const browser = await launchChromium();
  try {
    // A throw-away run of each warms the server (the pages, the images rendered on first request).
    for (const interaction of INTERACTIONS) {
      await measureInteraction(browser, base, interaction).catch((error) => log(`warm-up: ${error.message}`));
    }
    const out = [];
    for (const interaction of INTERACTIONS) {
      const runs = [];
      for (let i = 0; i < INTERACTION_RUNS; i += 1) {
        try {
          runs.push(await measureInteraction(browser, base, interaction));
        } catch (error) {
          log(`${interaction.name}, run ${i + 1}: ${error.message.split('\n')[0]}`);
        }
      }
      const p75 = (pick) => (runs.length ? percentile(runs.map(pick), 75) : null);
      out.push({
        name: interaction.name,
        runs: runs.length,
        failed: INTERACTION_RUNS - runs.length,
        coldMs: p75((r) => r.cold.ms),
        coldFromFirstTapMs: p75((r) => r.cold.fromFirstTapMs),
        warmMs: p75((r) => r.warm.ms),
        coldInpMs: p75((r) => r.cold.inpMs),
        warmInpMs: p75((r) => r.warm.inpMs),
        measured: runs,
      });
      log(`${interaction.name}: cold ${out.at(-1).coldMs} ms, warm ${out.at(-1).warmMs} ms (p75 of ${runs.length})`);
    }
    return out;
  } finally {
    await browser.close();
  }
}
