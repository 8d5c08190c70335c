// "Run Tests": runs the kit's checks in the browser and lists each as pass or fail, grouped by helper, with a
// summary announced in a live region. Each run is also recorded in the page-wide monitor, so the monitor shows
// something a visitor did.
import { useId, useState } from 'react';
import { securityMonitor } from '@studio/security-kit';
import { messages } from '../../messages';
import { runSecurityChecks, type CheckGroup, type CheckResult } from './run-security-checks';

const t = messages.securityTest.tests;
const GROUPS = Object.keys(t.groups) as CheckGroup[];

export function SecurityChecks() {
  const headingId = useId();
  const [results, setResults] = useState<CheckResult[] | null>(null);

  const run = (): void => {
    const next = runSecurityChecks();
    const passed = next.filter((r) => r.passed).length;
    securityMonitor.record('info', t.monitorEvent(passed, next.length));
    setResults(next);
  };

  const passed = results?.filter((r) => r.passed).length ?? 0;
  const allPassed = results !== null && passed === results.length;

  return (
    <section className="card st-card st-checks" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId}>{t.title}</h2>
        <p className="muted">{t.description}</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={run}>
            {t.run}
          </button>
          <p
            role="status"
            className={`st-summary${results === null ? '' : allPassed ? ' st-summary--pass' : ' st-summary--fail'}`}
            data-testid="security-summary"
          >
            {results === null ? t.notRun : t.summary(passed, results.length)}
          </p>
        </div>
        {results !== null &&
          GROUPS.map((group) => {
            const inGroup = results.filter((r) => r.group === group);
            if (inGroup.length === 0) return null;
            return (
              <div key={group} className="st-group">
                <h3>{t.groups[group]}</h3>
                <ul className="st-results">
                  {inGroup.map((result) => (
                    <li
                      key={result.id}
                      className={`st-result ${result.passed ? 'st-result--pass' : 'st-result--fail'}`}
                      data-testid="security-check"
                    >
                      <span className="st-badge">
                        <span aria-hidden="true">{result.passed ? '✓' : '✗'}</span> {result.passed ? t.pass : t.fail}
                      </span>
                      <span className="st-label">{result.label}</span>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
      </div>
    </section>
  );
}
