// /finishSignIn (docs/product.md §4 sign-in states: prompt, loading, success, error). Opening the link only shows this page;
// sign-in is the POST below, so a mail scanner that fetches the link spends nothing. The token is taken out of the
// address bar at once, so it does not linger in history, bookmarks or a Referer.
// Two link forms: the embedded home's `?token=`, and on the Firebase home Firebase's `?mode=signIn&oobCode=…`, spent
// with the firebase package (loaded by this page only) and its ID token traded for the server's session.
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@studio/shared/router';
import { SIGN_IN_REDIRECT_MS } from '@studio/shared/shell-timing';
import { BackendError, useBackend } from '@studio/shared/data';
import { authStore } from '@studio/shared/auth-store';
import { messages } from '../../messages';
import { firebaseSignInConfig } from '../../runtime-config';
import { exchangeIdToken } from './api/exchange-id-token';
import { trustDeviceChoice } from './trust-device-choice';
import { TrustDeviceField } from './trust-device-field';

// Only an admin with a passkey reaches the passkey step: it is not part of a visitor's first load.
const PasskeyStep = lazy(() => import('./passkey-step').then((m) => ({ default: m.PasskeyStep })));
const loadFirebaseSignIn = () => import('./firebase-sign-in');

// 'passkey': the link was good and she has a passkey; the passkey step completes sign-in.
// 'denied': a good Firebase link for an address that is not the admin's. The server mails none (POST /api/auth/link
// refuses every other address), but Firebase's own API still mails one to anyone who asks it with the public web key.
type State = 'prompt' | 'loading' | 'passkey' | 'success' | 'invalid' | 'denied' | 'failed';

/** Firebase's refusal of the link itself (used, expired, another address), not of the network. */
const isLinkRefusal = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  typeof error.code === 'string' &&
  error.code.startsWith('auth/') &&
  error.code !== 'auth/network-request-failed';

const text = messages.finishSignIn;

export function FinishSignInPage() {
  const navigate = useNavigate();
  const backend = useBackend();
  const [href] = useState(() => window.location.href);
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const token = params.get('token');
  const [firebase] = useState(() => firebaseSignInConfig());
  // Firebase's form, confirmed by isSignInWithEmailLink once the package is loaded.
  const firebaseLink = !token && firebase !== undefined && params.get('mode') === 'signIn' && params.has('oobCode');
  const hasLink = token !== null || firebaseLink;
  // Kept when the link was requested in this browser; null on another device: then she is asked.
  const [storedEmail] = useState(() => backend.auth.pendingEmail());
  const [state, setState] = useState<State>(() => (!hasLink ? 'invalid' : storedEmail ? 'loading' : 'prompt'));
  const [email, setEmail] = useState(storedEmail ?? '');
  // "This is my device": as ticked on this browser's sign-in form; asked again when she confirms her
  // e-mail here (a link opened on another device), and carried into the passkey step.
  const [trustDevice, setTrustDevice] = useState(() => (storedEmail ? trustDeviceChoice.read() : false));
  const [emailError, setEmailError] = useState<string | null>(null);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const completeFirebase = async (address: string) => {
    if (!firebase) return;
    setState('loading');
    trustDeviceChoice.forget();
    try {
      const link = await loadFirebaseSignIn();
      if (!link.isFirebaseSignInLink(firebase, href)) {
        setState('invalid');
        return;
      }
      let idToken: string;
      try {
        idToken = await link.idTokenFromLink(firebase, address, href);
      } catch (error) {
        setState(isLinkRefusal(error) ? 'invalid' : 'failed');
        return;
      }
      link.forgetEmail();
      const answer = await exchangeIdToken(idToken, trustDevice);
      if ('user' in answer) {
        authStore.getState().setUser(answer.user);
        setState('success');
      } else setState('passkey');
    } catch (error) {
      const code = error instanceof BackendError ? error.code : null;
      setState(
        code === 'forbidden' ? 'denied' : code === 'unauthenticated' || code === 'validation' ? 'invalid' : 'failed',
      );
    }
  };

  const complete = async (address: string) => {
    if (firebaseLink) return completeFirebase(address);
    if (!token) return;
    setState('loading');
    // The link is spent by this call whatever it answers: the choice made for it is not needed again.
    trustDeviceChoice.forget();
    try {
      await backend.auth.completeSignIn(token, address, { trustDevice });
      setState('success');
    } catch (error) {
      if (error instanceof BackendError && error.code === 'passkey-required') {
        setState('passkey');
        return;
      }
      const refused =
        error instanceof BackendError && (error.code === 'unauthenticated' || error.code === 'validation');
      setState(refused ? 'invalid' : 'failed');
    }
  };

  // An effect event: it reads the first render's token and stored e-mail without making the mount effect re-run.
  const start = useEffectEvent(() => {
    if (hasLink) navigate({ pathname: window.location.pathname, search: '' }, { replace: true });
    // Fetched while she reads the page or types her address, not when she submits.
    if (firebaseLink) void loadFirebaseSignIn();
    // Once only: React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    if (hasLink && storedEmail) void complete(storedEmail);
  });
  useEffect(() => start(), []);

  useEffect(() => {
    if (state !== 'success') return;
    // She signs in to run her business: she lands on her dashboard, not the public home page.
    const timer = setTimeout(() => navigate('/admin'), SIGN_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  useEffect(() => {
    if (state !== 'loading') heading.current?.focus();
  }, [state]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setEmailError(text.emailRequired);
      return;
    }
    setEmailError(null);
    void complete(address);
  };

  return (
    <section className="page finish-sign-in">
      <div className="card finish-sign-in-card">
        <div className="card-body">
          <h1 ref={heading} tabIndex={-1}>
            {state === 'success'
              ? text.titleDone
              : state === 'invalid' || state === 'denied' || state === 'failed'
                ? text.titleProblem
                : text.title}
          </h1>
          {state === 'prompt' && (
            <form onSubmit={submit} noValidate className="stack">
              <p className="muted">{text.promptIntro}</p>
              <div className="field">
                <label htmlFor="finish-sign-in-email">{text.emailLabel}</label>
                <input
                  id="finish-sign-in-email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? 'finish-sign-in-error' : undefined}
                />
                {emailError && (
                  <p id="finish-sign-in-error" className="field-error" role="alert">
                    {emailError}
                  </p>
                )}
              </div>
              <TrustDeviceField checked={trustDevice} onChange={setTrustDevice} />
              <button type="submit" className="btn btn-primary">
                {text.submit}
              </button>
            </form>
          )}
          {state === 'passkey' && (
            <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
              <PasskeyStep trustDevice={trustDevice} onSignedIn={() => setState('success')} />
            </Suspense>
          )}
          {state === 'loading' && (
            <div className="row" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>{text.loading}</span>
            </div>
          )}
          {state === 'success' && (
            <p className="alert alert-success" role="status">
              {text.success}
            </p>
          )}
          {state === 'invalid' && (
            <>
              <p className="alert alert-error" role="alert">
                {text.invalidLink}
              </p>
              <Link className="btn" to="/">
                {text.home}
              </Link>
            </>
          )}
          {state === 'denied' && (
            <>
              <p className="alert alert-error" role="alert">
                {messages.signIn.accessDenied}
              </p>
              <Link className="btn" to="/">
                {text.home}
              </Link>
            </>
          )}
          {state === 'failed' && (
            <>
              <p className="alert alert-error" role="alert">
                {text.failed}
              </p>
              <button type="button" className="btn btn-primary" onClick={() => setState('prompt')}>
                {text.tryAgain}
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
