// Security monitor (docs/product.md §9: keeps up to 50 events; the view refreshes every 30 s). An in-memory, per-tab record of
// what the kit blocked or noticed, for the security test page and the admin. Nothing here leaves the browser.
import { MONITOR_MAX_EVENTS } from '../constants';
import { monitorMessages } from '../messages';

export type SecurityEventType = 'rate-limit' | 'suspicious-input' | 'blocked-submission' | 'csp-violation' | 'info';

export interface SecurityEvent {
  id: number;
  type: SecurityEventType;
  message: string;
  /** When it was recorded, milliseconds since the epoch. */
  at: number;
}

export type SecurityMonitorListener = (events: readonly SecurityEvent[]) => void;

export interface SecurityMonitor {
  record(type: SecurityEventType, message: string): SecurityEvent;
  /** Oldest first. The same array is returned until the next change, so it can serve as a React snapshot. */
  list(): readonly SecurityEvent[];
  clear(): void;
  /** Called with the new list after every change; returns the function that unsubscribes. */
  subscribe(listener: SecurityMonitorListener): () => void;
}

export interface SecurityMonitorOptions {
  /** Events kept; the oldest are dropped first. Default 50. */
  max?: number;
  now?: () => number;
}

// Messages are shown in the UI and may be built from page data (a CSP report's URL): bound their size.
const MAX_MESSAGE_LENGTH = 500;

export function createSecurityMonitor({
  max = MONITOR_MAX_EVENTS,
  now = Date.now,
}: SecurityMonitorOptions = {}): SecurityMonitor {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);

  let events: readonly SecurityEvent[] = [];
  let nextId = 1;
  const listeners = new Set<SecurityMonitorListener>();

  const publish = (next: readonly SecurityEvent[]): void => {
    events = Object.freeze(next);
    // A copy: a listener that unsubscribes while being called must not disturb the loop.
    for (const listener of [...listeners]) listener(events);
  };

  return {
    record(type, message) {
      const event: SecurityEvent = Object.freeze({
        id: nextId++,
        type,
        message: message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message,
        at: now(),
      });
      const next = [...events, event];
      publish(next.length > max ? next.slice(next.length - max) : next);
      return event;
    },
    list: () => events,
    clear() {
      if (events.length > 0) publish([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page-wide monitor. A Module Federation singleton, so the shell and both remotes share it. */
export const securityMonitor: SecurityMonitor = createSecurityMonitor();

interface CspViolationFields {
  violatedDirective?: string;
  effectiveDirective?: string;
  blockedURI?: string;
}

/**
 * Records every Content-Security-Policy violation the browser reports on `target`. Returns the function that stops
 * listening. Without a DOM (server) it does nothing.
 */
export function watchCspViolations(
  monitor: SecurityMonitor = securityMonitor,
  target: EventTarget | undefined = globalThis.document,
): () => void {
  if (target === undefined) return () => undefined;
  const onViolation = (event: Event): void => {
    // jsdom and older browsers lack SecurityPolicyViolationEvent; read the fields defensively.
    const fields = event as Event & CspViolationFields;
    const directive = fields.effectiveDirective || fields.violatedDirective || 'unknown-directive';
    const blocked = fields.blockedURI || 'inline';
    monitor.record('csp-violation', monitorMessages.cspViolation(directive, blocked));
  };
  target.addEventListener('securitypolicyviolation', onViolation);
  return () => target.removeEventListener('securitypolicyviolation', onViolation);
}
