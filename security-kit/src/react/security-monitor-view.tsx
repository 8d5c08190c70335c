// SecurityMonitorView (docs/product.md §9): the monitor's events, newest first, with a Clear button. It updates at once when
// the monitor reports a change and also re-reads it every 30 s, so "Last updated" stays truthful and a monitor
// that changes without notifying (another implementation of the interface) is still shown.
import { useEffect, useId, useState } from 'react';
// The kit's own entry, not relative paths: under Module Federation '@studio/security-kit' is a shared singleton, so
// the default monitor shown here is the page-wide one (the one the shell's CSP watcher records into).
import {
  MONITOR_REFRESH_MS,
  monitorMessages,
  securityMonitor,
  type SecurityEvent,
  type SecurityMonitor,
} from '@studio/security-kit';

export interface SecurityMonitorViewProps {
  /** Default: the page-wide securityMonitor. */
  monitor?: SecurityMonitor;
  /** Default MONITOR_REFRESH_MS (30 s). */
  refreshMs?: number;
  className?: string;
}

interface Snapshot {
  events: readonly SecurityEvent[];
  refreshedAt: number;
}

const formatTime = (at: number): string => new Date(at).toLocaleTimeString();

export function SecurityMonitorView({
  monitor = securityMonitor,
  refreshMs = MONITOR_REFRESH_MS,
  className,
}: SecurityMonitorViewProps) {
  const headingId = useId();
  const [snapshot, setSnapshot] = useState<Snapshot>(() => ({ events: monitor.list(), refreshedAt: Date.now() }));

  useEffect(() => {
    const refresh = (): void => setSnapshot({ events: monitor.list(), refreshedAt: Date.now() });
    // The monitor may have changed between the first render and this effect.
    refresh();
    const unsubscribe = monitor.subscribe(refresh);
    const timer = setInterval(refresh, refreshMs);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [monitor, refreshMs]);

  const newestFirst = [...snapshot.events].reverse();

  return (
    <section className={['sk-monitor', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 id={headingId} className="sk-monitor__title">
        {monitorMessages.title}
      </h2>
      {newestFirst.length === 0 ? (
        <p className="sk-monitor__empty">{monitorMessages.empty}</p>
      ) : (
        <ul className="sk-monitor__list">
          {newestFirst.map((event) => (
            <li key={event.id} className={`sk-monitor__event sk-monitor__event--${event.type}`}>
              <span className="sk-monitor__type">{monitorMessages.eventTypes[event.type]}</span>{' '}
              <time className="sk-monitor__time" dateTime={new Date(event.at).toISOString()}>
                {formatTime(event.at)}
              </time>{' '}
              <span className="sk-monitor__message">{event.message}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="sk-monitor__updated">
        {monitorMessages.lastUpdated}{' '}
        <time dateTime={new Date(snapshot.refreshedAt).toISOString()}>{formatTime(snapshot.refreshedAt)}</time>
      </p>
      <button type="button" className="sk-monitor__clear" onClick={() => monitor.clear()}>
        {monitorMessages.clear}
      </button>
    </section>
  );
}
