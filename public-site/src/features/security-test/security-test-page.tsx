// /security-test (docs/product.md §2): the security monitor, the self-tests, a phishing tester and a SecureForm demo.
// Loaded as its own chunk (see app.tsx) so none of this is in the home page's bundle.
import { MONITOR_REFRESH_MS, securityMonitor } from '@studio/security-kit';
import { SecurityMonitorView } from '@studio/security-kit/react';
import { messages } from '../../messages';
import { PhishingTester } from './phishing-tester';
import { SecureFormDemo } from './secure-form-demo';
import { SecurityChecks } from './security-checks';
import './security-test-page.css';

const t = messages.securityTest;

export default function SecurityTestPage() {
  return (
    <div className="page security-test">
      <header className="page-header">
        <h1>{t.title}</h1>
        <p>{t.intro}</p>
      </header>
      <div className="st-layout">
        <div className="st-column">
          <SecurityChecks />
        </div>
        <div className="st-column">
          <PhishingTester />
          <SecureFormDemo />
          <div className="card st-card">
            <div className="card-body">
              <SecurityMonitorView monitor={securityMonitor} refreshMs={MONITOR_REFRESH_MS} className="st-monitor" />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
