import { MONITOR_MAX_EVENTS, MONITOR_REFRESH_MS } from '../constants';
import { createSecurityMonitor, securityMonitor, watchCspViolations } from './security-monitor';

describe('createSecurityMonitor', () => {
  it('uses the constants of docs/product.md §9', () => {
    expect(MONITOR_MAX_EVENTS).toBe(50);
    expect(MONITOR_REFRESH_MS).toBe(30_000);
  });

  it('records events with an id, type, message and time', () => {
    const monitor = createSecurityMonitor({ now: () => 1234 });
    const event = monitor.record('info', 'started');
    expect(event).toEqual({ id: 1, type: 'info', message: 'started', at: 1234 });
    expect(monitor.list()).toEqual([event]);
  });

  it('keeps the newest 50 of 60 events', () => {
    const monitor = createSecurityMonitor();
    for (let i = 1; i <= 60; i += 1) monitor.record('rate-limit', `event ${i}`);
    const events = monitor.list();
    expect(events).toHaveLength(50);
    expect(events[0]?.message).toBe('event 11');
    expect(events[49]?.message).toBe('event 60');
  });

  it('honours a smaller cap', () => {
    const monitor = createSecurityMonitor({ max: 2 });
    ['a', 'b', 'c'].forEach((m) => monitor.record('info', m));
    expect(monitor.list().map((e) => e.message)).toEqual(['b', 'c']);
  });

  it('notifies subscribers until they unsubscribe, and clears', () => {
    const monitor = createSecurityMonitor();
    const listener = jest.fn();
    const unsubscribe = monitor.subscribe(listener);
    monitor.record('suspicious-input', 'x');
    expect(listener).toHaveBeenLastCalledWith(monitor.list());
    monitor.clear();
    expect(monitor.list()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    monitor.record('info', 'y');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('returns the same list until something changes', () => {
    const monitor = createSecurityMonitor();
    monitor.record('info', 'a');
    const first = monitor.list();
    expect(monitor.list()).toBe(first);
    monitor.record('info', 'b');
    expect(monitor.list()).not.toBe(first);
    expect(Object.isFrozen(monitor.list())).toBe(true);
  });

  it('bounds long messages', () => {
    const monitor = createSecurityMonitor();
    expect(monitor.record('info', 'x'.repeat(5000)).message).toHaveLength(500);
  });

  it('refuses a nonsense cap', () => {
    expect(() => createSecurityMonitor({ max: 0 })).toThrow(RangeError);
  });

  it('has a default singleton', () => {
    expect(securityMonitor.list).toEqual(expect.any(Function));
  });
});

describe('watchCspViolations', () => {
  const violation = (fields: Record<string, string>) => Object.assign(new Event('securitypolicyviolation'), fields);

  it('records securitypolicyviolation events from the document until stopped', () => {
    const monitor = createSecurityMonitor();
    const stop = watchCspViolations(monitor);
    document.dispatchEvent(violation({ effectiveDirective: 'script-src', blockedURI: 'https://evil.example/x.js' }));
    document.dispatchEvent(violation({ violatedDirective: 'style-src', blockedURI: '' }));
    expect(monitor.list().map(({ type, message }) => ({ type, message }))).toEqual([
      { type: 'csp-violation', message: 'script-src blocked https://evil.example/x.js' },
      { type: 'csp-violation', message: 'style-src blocked inline' },
    ]);
    stop();
    document.dispatchEvent(violation({ effectiveDirective: 'img-src', blockedURI: 'x' }));
    expect(monitor.list()).toHaveLength(2);
  });

  it('listens on another target when given one', () => {
    const monitor = createSecurityMonitor();
    const target = new EventTarget();
    watchCspViolations(monitor, target);
    target.dispatchEvent(violation({ effectiveDirective: 'frame-src', blockedURI: 'https://x.example' }));
    expect(monitor.list()).toHaveLength(1);
  });
});
