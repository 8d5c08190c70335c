// The hidden sign-in form (docs/product.md §2, §5): an e-mail and 'Send Link'. The server decides who may sign in (docs/architecture.md: the
// admin e-mail is server configuration, never in this bundle); the form only shows its answer.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BackendError, useBackend } from '@studio/shared/data';
import { messages } from '../../messages';
import { firebaseSignInConfig } from '../../runtime-config';

// On the Firebase home Firebase mails the link: its package is fetched when this form opens, never before.
const loadFirebaseSignIn = () => import('../auth/firebase-sign-in');

export type SignInNotice = { kind: 'error' | 'success'; text: string } | null;

export function SignInForm({ notice, onNotice }: { notice: SignInNotice; onNotice: (notice: SignInNotice) => void }) {
  const backend = useBackend();
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    if (firebaseSignInConfig()) void loadFirebaseSignIn();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      onNotice({ kind: 'error', text: messages.signIn.emailRequired });
      input.current?.focus();
      return;
    }
    setLoading(true);
    onNotice(null);
    try {
      const firebase = firebaseSignInConfig();
      if (firebase) {
        const { sendSignInLink, rememberEmail } = await loadFirebaseSignIn();
        await sendSignInLink(firebase, address);
        rememberEmail(address);
      } else {
        // The adapter keeps the address for /finishSignIn (auth.pendingEmail).
        await backend.auth.requestLink(address);
      }
      onNotice({ kind: 'success', text: messages.signIn.linkSent });
    } catch (error) {
      onNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setLoading(false);
    }
  };

  const noticeId = 'navbar-sign-in-notice';
  return (
    <form className="navbar-sign-in" aria-label={messages.signIn.formLabel} onSubmit={submit} noValidate>
      <div className="navbar-sign-in-row">
        <label htmlFor="navbar-sign-in-email" className="visually-hidden">
          {messages.signIn.emailLabel}
        </label>
        <input
          ref={input}
          id="navbar-sign-in-email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={messages.signIn.emailPlaceholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={notice?.kind === 'error'}
          aria-describedby={notice ? noticeId : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={loading} aria-busy={loading}>
          {loading && <span className="spinner spinner-small" aria-hidden="true" />}
          {loading ? messages.signIn.sending : messages.signIn.sendLink}
        </button>
      </div>
      {notice && (
        <p
          id={noticeId}
          className={`navbar-sign-in-notice ${notice.kind === 'error' ? 'is-error' : 'is-success'}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
    </form>
  );
}

function errorText(error: unknown): string {
  if (error instanceof BackendError) {
    if (error.code === 'forbidden') return messages.signIn.accessDenied;
    if (error.code === 'validation') return messages.signIn.invalidEmail;
    // The server's own words say how long to wait.
    if (error.code === 'rate-limited') return error.message;
  }
  // Firebase's own refusal of a malformed address.
  if (error instanceof Error && 'code' in error && error.code === 'auth/invalid-email')
    return messages.signIn.invalidEmail;
  return messages.signIn.linkFailed;
}
