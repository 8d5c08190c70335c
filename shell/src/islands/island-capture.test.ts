// The head's capture (island-capture.ts) and the loader's replay (island-replay.ts) on server-like markup: what a
// visitor does before an island's script has taken over is held or noted, handed to the loader when it connects, and
// given again once React owns the target, once. jsdom makes no trusted events: its clicks count as the visitor's here.
import { installIslandCapture, type HeldClick, type IslandCapture } from './island-capture';
import { heldClickReplayer } from './island-replay';

const MARKUP = `
  <header>
    <a class="logo" href="/" data-island="sign-in">Ava Monroe</a>
    <button type="button" class="theme" data-island="theme-toggle">theme</button>
  </header>
  <span data-island="print"><button type="button" class="print" disabled data-script-control>Print</button></span>
  <a class="plain" href="/about">About</a>
  <form data-island="booking-form">
    <select name="serviceId"><option value="">Choose</option><option value="photoshoot">Photoshoot</option></select>
    <input type="checkbox" name="smsOptIn" />
    <button type="button" class="calendar" aria-expanded="false" disabled data-script-control>Show calendar</button>
    <button type="submit" class="send">Send</button>
  </form>`;

/**
 * A fresh document per test (the capture's listeners stay on the one it was given), its body still being parsed when
 * the capture starts, as in the head; `parsed()` ends the parse.
 */
function page({ parse = true } = {}) {
  const doc = document.implementation.createHTMLDocument('page');
  let state: DocumentReadyState = 'loading';
  Object.defineProperty(doc, 'readyState', { get: () => state });
  const capture = installIslandCapture(doc, () => true);
  doc.body.innerHTML = MARKUP;
  const parsed = () => {
    state = 'interactive';
    doc.dispatchEvent(new Event('readystatechange'));
  };
  const $ = (selector: string) => doc.querySelector(selector)!;
  // What reaches the page's own handlers (React listens below the document, at its root).
  const reached: string[] = [];
  doc.body.addEventListener('click', (e) => reached.push((e.target as Element).className));
  const click = (selector: string) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    $(selector).dispatchEvent(event);
    return event;
  };
  if (parse) parsed();
  return { doc, capture, $, reached, click, parsed };
}

/** What React leaves on an element it has hydrated. */
const hydrate = (el: Element, props: Record<string, unknown> = {}) =>
  Object.assign(el, { __reactFiber$test: {}, __reactProps$test: props });

describe('the capture, before the loader has connected', () => {
  it('holds a click on an island React does not own yet: no navigation, no other handler', () => {
    const { click, reached } = page();
    expect(click('.logo').defaultPrevented).toBe(true);
    expect(reached).toEqual([]);
  });

  it('lets pass clicks outside islands, on native fields, and on what React owns', () => {
    const { click, reached, $ } = page();
    expect(click('.plain').defaultPrevented).toBe(false);
    click('select');
    click('input[name="smsOptIn"]');
    hydrate($('.logo'));
    click('.logo');
    expect(reached).toEqual(['plain', '', '', 'logo']);
  });

  it('enables the controls that need the script once the page is parsed, so a tap on one is held, not lost', () => {
    const { $, click, parsed } = page({ parse: false });
    expect($('.calendar').hasAttribute('disabled')).toBe(true);
    parsed();
    expect($('.calendar').hasAttribute('disabled')).toBe(false);
    expect(click('.calendar').defaultPrevented).toBe(true);
  });

  it('hands the held clicks over in order when the loader connects, and the intent that came with them', () => {
    const { capture, click, $ } = page();
    const onIntent = jest.fn();
    $('.logo').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    click('.logo');
    click('.send');
    const given: HeldClick[] = [];
    capture.connect((c) => given.push(c), onIntent);
    expect(onIntent).toHaveBeenCalledTimes(1);
    expect(given.map((c) => c.target.className)).toEqual(['logo', 'send']);
    // Connected, a held click goes straight to the loader.
    click('.logo');
    expect(given).toHaveLength(3);
  });

  it('counts a change in a form (a select chosen, a box ticked) as intent, and not the theme toggle, which needs no app', () => {
    const first = page();
    const onIntent = jest.fn();
    first.$('.theme').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    first.capture.connect(jest.fn(), onIntent);
    expect(onIntent).not.toHaveBeenCalled();

    const second = page();
    (second.$('select') as HTMLSelectElement).value = 'photoshoot';
    second.$('select').dispatchEvent(new Event('change', { bubbles: true }));
    second.capture.connect(jest.fn(), onIntent);
    expect(onIntent).toHaveBeenCalledTimes(1);
  });
});

describe('the loader, connected', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function connected() {
    const p = page();
    const loadApp = jest.fn();
    const toggleTheme = jest.fn();
    const print = jest.fn();
    const capture: IslandCapture = p.capture;
    capture.connect(heldClickReplayer(capture, { loadApp, toggleTheme, print }), loadApp);
    return { ...p, loadApp, toggleTheme, print };
  }

  it('loads the app and gives a held click again once React owns its target, where the page sees it', () => {
    const { click, $, reached, loadApp } = connected();
    click('.send');
    expect(loadApp).toHaveBeenCalled();
    jest.advanceTimersByTime(500);
    expect(reached).toEqual([]);
    hydrate($('.send'));
    jest.advanceTimersByTime(25);
    expect(reached).toEqual(['send']);
    // Given once: nothing more follows.
    jest.advanceTimersByTime(1000);
    expect(reached).toEqual(['send']);
  });

  it('gives every click of a gesture: the logo tapped three times before React is three clicks after', () => {
    const { click, $, reached } = connected();
    click('.logo');
    click('.logo');
    click('.logo');
    hydrate($('.logo'));
    jest.advanceTimersByTime(25);
    expect(reached).toEqual(['logo', 'logo', 'logo']);
  });

  it('makes a second tap on a toggle while the first waits one toggle', () => {
    const { click, $, reached } = connected();
    click('.calendar');
    click('.calendar');
    // React's first render keeps the server's disabled: not yet its own.
    hydrate($('.calendar'), { disabled: true });
    jest.advanceTimersByTime(100);
    expect(reached).toEqual([]);
    hydrate($('.calendar'), { disabled: false });
    jest.advanceTimersByTime(25);
    expect(reached).toEqual(['calendar']);
    // Once given, the toggle is React's: a later tap is a tap of its own.
    click('.calendar');
    expect(reached).toEqual(['calendar', 'calendar']);
  });

  it('toggles the theme itself, without loading the app', () => {
    const { click, loadApp, toggleTheme } = connected();
    click('.theme');
    expect(toggleTheme).toHaveBeenCalledTimes(1);
    expect(loadApp).not.toHaveBeenCalled();
  });

  it('prints the comp card itself, without loading the app', () => {
    const { click, parsed, loadApp, print } = connected();
    parsed();
    click('.print');
    expect(print).toHaveBeenCalledTimes(1);
    expect(loadApp).not.toHaveBeenCalled();
  });

  it('gives up a click whose target is gone (React rendered another)', () => {
    const { click, $, reached } = connected();
    click('.send');
    $('.send').remove();
    jest.advanceTimersByTime(1000);
    expect(reached).toEqual([]);
  });
});
