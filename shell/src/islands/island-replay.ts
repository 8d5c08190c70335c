// The loader's answer to a click the head's capture held (island-capture.ts): given again to its target once React
// owns it, so the tap is not lost (a logo link would otherwise navigate, a button do nothing), and given once.
import type { HeldClick, IslandCapture } from './island-capture';
import { PRINT, THEME_TOGGLE, hydrated } from './island-dom';

/**
 * A toggle (a disclosure's button such as "Show calendar", a pressed state): a second tap on it while the first one
 * waits for React is the visitor asking again, not asking to undo, so it is one toggle. Other clicks all count: the
 * logo's three quick clicks are a gesture.
 */
const TOGGLE = '[aria-expanded], [aria-pressed]';
/** How long a held click waits for React to take its target over before it is given up. */
const REPLAY_WITHIN_MS = 30_000;
const POLL_MS = 25;

export interface ReplayActions {
  /** Loads the app (once; a call while it loads does nothing). */
  loadApp(): void;
  /** The theme toggle's work, done without React. */
  toggleTheme(): void;
  /** The comp card's Print: the browser's print dialog, which needs no app either. */
  print(): void;
}

/** What the loader gives the capture as its click handler. */
export function heldClickReplayer(
  capture: Pick<IslandCapture, 'replay'>,
  { loadApp, toggleTheme, print }: ReplayActions,
) {
  const waitingToggles = new Set<Element>();
  return (click: HeldClick): void => {
    const { target } = click;
    if (target.closest(THEME_TOGGLE)) return toggleTheme();
    if (target.closest(PRINT)) return print();
    loadApp();
    const toggle = target.closest(TOGGLE);
    if (toggle) {
      if (waitingToggles.has(toggle)) return;
      waitingToggles.add(toggle);
    }
    const until = Date.now() + REPLAY_WITHIN_MS;
    const attempt = () => {
      const live = target.isConnected && Date.now() <= until;
      if (live && !hydrated(target)) return void setTimeout(attempt, POLL_MS);
      if (toggle) waitingToggles.delete(toggle);
      // Gone are the page's own handlers of the first click: the one given again is the one React answers.
      if (live) capture.replay(click);
    };
    attempt();
  };
}
