export { createSecurityMonitor, securityMonitor, watchCspViolations } from './security-monitor';
export type {
  SecurityEvent,
  SecurityEventType,
  SecurityMonitor,
  SecurityMonitorListener,
  SecurityMonitorOptions,
} from './security-monitor';
