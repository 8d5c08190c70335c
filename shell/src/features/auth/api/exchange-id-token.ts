// The Firebase home's last sign-in call: the ID token of Firebase's e-mail link, traded for the server's own session
// (server/src/features/auth/auth-firebase.routes.ts). As the embedded link, it answers the user or, once she has a passkey, the
// passkey step; a refusal is a BackendError with the server's status.
import type { AuthUser } from '@studio/shared/domain';
import { BackendError, codeForStatus } from '@studio/shared/backend';

export type ExchangeAnswer = { user: AuthUser } | { secondFactor: 'passkey' };

export async function exchangeIdToken(idToken: string, trustDevice = false): Promise<ExchangeAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/auth/firebase', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken, trustDevice }),
    });
  } catch {
    throw new BackendError('network', 'Network error: the server could not be reached.', { status: 0 });
  }
  const payload = (await response.json().catch(() => null)) as (ExchangeAnswer & { message?: string }) | null;
  if (!response.ok || !payload) {
    throw new BackendError(codeForStatus(response.status), payload?.message ?? `Request failed (${response.status})`, {
      status: response.status,
    });
  }
  return payload;
}
