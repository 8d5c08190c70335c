// The hidden sign-in form (docs/product.md §2, §5): an e-mail and 'Send Link'. The server decides who may sign in (docs/architecture.md: the
// admin e-mail is server configuration, never in this bundle); the form only shows its answer.
// Where the browser can use passkeys, "Sign in with passkey" comes first: on a device holding her passkey
// it signs her in with no e-mail round trip. It is offered to everyone alike, so the form tells a visitor nothing
// about whether a passkey exists; the e-mail link below stays for a new device.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@studio/shared/router';
import { BackendError, useBackend } from '@studio/shared/data';
import { messages } from '../../messages';
import { trustDeviceChoice } from '../auth/trust-device-choice';
import { TrustDeviceField } from '../auth/trust-device-field';

export type SignInNotice = { kind: 'error' | 'success'; text: string } | null;

/**
 * What @simplewebauthn/browser's browserSupportsWebAuthn checks, without loading it: the library comes with the first
 * passkey call, never in a visitor's first load.
 */
const supportsPasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export function SignInForm({ notice, onNotice }: { notice: SignInNotice; onNotice: (notice: SignInNotice) => void }) {
  const backend = useBackend();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);
  // Shown under the passkey button, apart from the e-mail's notice: the e-mail box did nothing wrong.
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const [passkeys] = useState(supportsPasskeys);
  // Unticked by default: a session that outlives the visit is her choice for her own device.
  const [trustDevice, setTrustDevice] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const passkeyButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The first way in has the focus; a button, so a phone's keyboard does not cover the form.
    (passkeyButton.current ?? input.current)?.focus();
  }, []);

  const signInWithPasskey = async () => {
    setPasskeyPending(true);
    setPasskeyProblem(null);
    onNotice(null);
    try {
      await backend.auth.signInWithPasskeyAlone({ trustDevice });
      // Signed in: the navbar closes this form as the admin appears, and she lands on her dashboard.
      navigate('/admin');
    } catch (error) {
      setPasskeyProblem(passkeyErrorText(error));
      setPasskeyPending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPasskeyProblem(null);
    const address = email.trim();
    if (!address) {
      onNotice({ kind: 'error', text: messages.signIn.emailRequired });
      input.current?.focus();
      return;
    }
    setLoading(true);
    onNotice(null);
    try {
      // For the link opened in this browser; on another one the finish page asks again.
      trustDeviceChoice.remember(trustDevice);
      // The server mails the link on both homes (on Firebase's, a link Firebase Auth makes for it), only to her
      // address and within its limits; the adapter keeps the address for /finishSignIn (auth.pendingEmail).
      await backend.auth.requestLink(address);
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
      {/* First: it applies to both ways in below. */}
      <TrustDeviceField checked={trustDevice} onChange={setTrustDevice} />
      {passkeys && (
        <>
          <button
            ref={passkeyButton}
            type="button"
            className="btn btn-primary navbar-sign-in-passkey"
            disabled={passkeyPending || loading}
            aria-busy={passkeyPending}
            onClick={() => void signInWithPasskey()}
          >
            {passkeyPending && <span className="spinner spinner-small" aria-hidden="true" />}
            {passkeyPending ? messages.signIn.passkeyWaiting : messages.signIn.withPasskey}
          </button>
          {passkeyProblem && (
            <p className="navbar-sign-in-notice is-error" role="alert">
              {passkeyProblem}
            </p>
          )}
          <p className="navbar-sign-in-or">{messages.signIn.orByEmail}</p>
        </>
      )}
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
        <button
          type="submit"
          className={passkeys ? 'btn' : 'btn btn-primary'}
          disabled={loading || passkeyPending}
          aria-busy={loading}
        >
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

/** What she reads when the passkey did not sign her in. */
function passkeyErrorText(error: unknown): string {
  if (error instanceof BackendError) {
    // Dismissed, timed out, or no passkey of this site on the device: the browser does not say which.
    if (error.code === 'cancelled') return messages.signIn.passkeyNoMatch;
    if (error.code === 'not-supported') return messages.signIn.passkeyNotSupported;
    // The server's own words: the passkey not accepted here, or how long to wait.
    if (error.code === 'unauthenticated' || error.code === 'rate-limited') return error.message;
  }
  return messages.signIn.passkeyFailed;
}

function errorText(error: unknown): string {
  if (error instanceof BackendError) {
    if (error.code === 'forbidden') return messages.signIn.accessDenied;
    if (error.code === 'validation') return messages.signIn.invalidEmail;
    // The server's own words say how long to wait, or that the mail server did not take the link.
    if (error.code === 'rate-limited' || error.code === 'unavailable') return error.message;
  }
  return messages.signIn.linkFailed;
}
