// The one place the http adapter talks to the network: JSON in and out, errors as BackendError. A write needs no token:
// the browser's Origin header, which no page can forge, is what the server checks (server/src/platform/http/csrf.ts).
import { BackendError, codeForStatus } from '../port';

export interface HttpOptions {
  /** Origin and path prefix of the API; '' for the same origin. */
  baseUrl: string;
  fetch?: typeof fetch;
}

export function createRequester(options: HttpOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    // A form (an upload) goes as multipart, its boundary set by fetch; anything else as JSON.
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !form ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: form ? body : JSON.stringify(body) } : {}),
    };
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, init);
    } catch {
      throw new BackendError('network', 'Network error: the server could not be reached.', { status: 0 });
    }
    if (response.status === 204) return undefined as T;
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const p = (payload ?? {}) as { message?: string; fieldErrors?: Record<string, string[]> };
      const retryAfter = Number(response.headers.get('Retry-After'));
      throw new BackendError(codeForStatus(response.status), p.message ?? `Request failed (${response.status})`, {
        status: response.status,
        fieldErrors: p.fieldErrors ?? {},
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      });
    }
    return payload as T;
  };
}

export type Requester = ReturnType<typeof createRequester>;
