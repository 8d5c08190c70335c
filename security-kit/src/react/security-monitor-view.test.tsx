import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MONITOR_REFRESH_MS } from '../constants';
import { createSecurityMonitor, type SecurityEvent, type SecurityMonitor } from '../monitor/security-monitor';
import { SecurityMonitorView } from './security-monitor-view';

/** A monitor that changes without telling anyone: only the 30 s refresh can show its events. */
function silentMonitor(): SecurityMonitor & { push(event: SecurityEvent): void } {
  let events: readonly SecurityEvent[] = [];
  return {
    push: (event) => {
      events = [...events, event];
    },
    record: (type, message) => ({ id: 0, type, message, at: 0 }),
    list: () => events,
    clear: () => {
      events = [];
    },
    subscribe: () => () => undefined,
  };
}

describe('SecurityMonitorView', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('lists events newest first under a labelled heading', () => {
    const monitor = createSecurityMonitor();
    monitor.record('info', 'first');
    monitor.record('csp-violation', 'script-src blocked inline');
    render(<SecurityMonitorView monitor={monitor} />);

    const region = screen.getByRole('region', { name: 'Security events' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('CSP violation');
    expect(items[0]).toHaveTextContent('script-src blocked inline');
    expect(items[1]).toHaveTextContent('first');
  });

  it('updates at once when the monitor reports a change', () => {
    const monitor = createSecurityMonitor();
    render(<SecurityMonitorView monitor={monitor} />);
    expect(screen.getByText('No security events recorded.')).toBeInTheDocument();
    act(() => {
      monitor.record('blocked-submission', 'Submission blocked');
    });
    expect(screen.getByText('Submission blocked')).toBeInTheDocument();
  });

  it('re-reads the monitor every 30 seconds', () => {
    jest.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
    const monitor = silentMonitor();
    render(<SecurityMonitorView monitor={monitor} />);
    const updated = () => screen.getByText('Last updated').querySelector('time')?.getAttribute('dateTime');
    expect(updated()).toBe('2025-06-01T10:00:00.000Z');

    monitor.push({ id: 1, type: 'rate-limit', message: 'Too many requests', at: Date.now() });
    act(() => {
      jest.advanceTimersByTime(MONITOR_REFRESH_MS - 1);
    });
    expect(screen.queryByText('Too many requests')).not.toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
    expect(updated()).toBe('2025-06-01T10:00:30.000Z');
  });

  it('stops refreshing when unmounted', () => {
    jest.useFakeTimers();
    const monitor = createSecurityMonitor();
    const { unmount } = render(<SecurityMonitorView monitor={monitor} />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('clears the events with the Clear button', async () => {
    const monitor = createSecurityMonitor();
    monitor.record('suspicious-input', 'Suspicious content in "Message"');
    render(<SecurityMonitorView monitor={monitor} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear events' }));
    expect(monitor.list()).toEqual([]);
    expect(screen.getByText('No security events recorded.')).toBeInTheDocument();
  });
});
