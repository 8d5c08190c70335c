// The second step of the admin's sign-in (docs/architecture.md, sign-in): once she has a passkey, the e-mail link
// alone opens only this step, and her passkey, or her one-time recovery code when the passkey is lost, completes it.
// The prompt waits for her click: some browsers show a passkey prompt only in answer to one. It is loaded only when
// needed (finish-sign-in-page.tsx), with its texts (passkey-messages.ts) and no styles of its own: a first lazy CSS
// chunk would put webpack's style-loading runtime into every visitor's first load.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BackendError } from '@studio/shared/data';
import { passkeyStepMessages as text } from '../../passkey-messages';
import { useSignInWithPasskey } from './api/sign-in-with-passkey';
import { useSignInWithRecoveryCode } from './api/sign-in-with-recovery-code';

/** What she reads for a refusal. */
function problemOf(error: unknown): string {
  if (!(error instanceof BackendError)) return text.failed;
  if (error.code === 'not-supported') return text.notSupported;
  // The backend words these for people: a dismissed prompt, a passkey or code not accepted, the step expired (which
  // says to request a new link).
  if (error.code === 'cancelled' || error.code === 'unauthenticated') return error.message;
  return text.failed;
}

/** trustDevice: "This is my device", as she chose it for the link. */
export function PasskeyStep({ onSignedIn, trustDevice = false }: { onSignedIn: () => void; trustDevice?: boolean }) {
  const passkey = useSignInWithPasskey();
  const recovery = useSignInWithRecoveryCode();
  const [problem, setProblem] = useState<string | null>(null);
  const [showRecovery, setShowRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const busy = passkey.status === 'pending' || recovery.status === 'pending';

  useEffect(() => {
    if (showRecovery) codeInput.current?.focus();
  }, [showRecovery]);

  const attempt = async (signIn: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await signIn();
      onSignedIn();
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError(text.recoveryRequired);
      codeInput.current?.focus();
      return;
    }
    setCodeError(null);
    void attempt(() => recovery.mutate({ code, trustDevice }));
  };

  return (
    <div className="stack passkey-step">
      <p className="muted">{text.intro}</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        aria-busy={passkey.status === 'pending'}
        onClick={() => void attempt(() => passkey.mutate({ trustDevice }))}
      >
        {passkey.status === 'pending' && <span className="spinner spinner-small" aria-hidden="true" />}
        {passkey.status === 'pending' ? text.waiting : text.usePasskey}
      </button>
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
      {showRecovery ? (
        <form onSubmit={submitCode} noValidate className="stack">
          <div className="field">
            <label htmlFor="passkey-step-code">{text.recoveryLabel}</label>
            <input
              ref={codeInput}
              id="passkey-step-code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'passkey-step-code-error' : 'passkey-step-code-hint'}
            />
            {codeError ? (
              <p id="passkey-step-code-error" className="field-error" role="alert">
                {codeError}
              </p>
            ) : (
              <p id="passkey-step-code-hint" className="field-hint">
                {text.recoveryHint}
              </p>
            )}
          </div>
          <button type="submit" className="btn" disabled={busy} aria-busy={recovery.status === 'pending'}>
            {text.recoverySubmit}
          </button>
        </form>
      ) : (
        <button type="button" className="btn btn-ghost passkey-step-recovery" onClick={() => setShowRecovery(true)}>
          {text.showRecovery}
        </button>
      )}
    </div>
  );
}
