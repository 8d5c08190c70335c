// Phishing tester: the visitor types text and sees, as they type, which of the kit's phrases it contains. Only the
// phrases found in their own text are shown, never the list itself (docs/product.md §5).
import { useId, useState } from 'react';
import { detectPhishing } from '@studio/security-kit';
import { messages } from '../../messages';

const t = messages.securityTest.phishing;

export function PhishingTester() {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const { matches } = detectPhishing(text);

  return (
    <section className="card st-card st-phishing" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId}>{t.title}</h2>
        <div className="field">
          <label htmlFor={inputId}>{t.label}</label>
          <p id={hintId} className="field-hint">
            {t.description}
          </p>
          <textarea
            id={inputId}
            aria-describedby={hintId}
            rows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div role="status" className="st-phishing-result" data-testid="phishing-result">
          {text.trim() === '' ? (
            <p className="muted">{t.empty}</p>
          ) : matches.length === 0 ? (
            <p className="st-clean">{t.clean}</p>
          ) : (
            <>
              <p className="st-flagged">{t.flagged(matches.length)}</p>
              <ul className="st-matches">
                {matches.map((phrase) => (
                  <li key={phrase}>{phrase}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
