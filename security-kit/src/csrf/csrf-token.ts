// CSRF token (docs/product.md §9): 32 random bytes from the platform's cryptographic generator, hex, kept in session storage.
// The http adapter sends it as a header and as a SameSite=Strict cookie on every state-changing request; the server
// accepts the request only when both are present and equal (double-submit), and the Origin is its own.

export const CSRF_TOKEN_BYTES = 32;
export const CSRF_STORAGE_KEY = 'studio.csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_COOKIE = 'studio_csrf';

export function generateCsrfToken(): string {
  const bytes = new Uint8Array(CSRF_TOKEN_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function isCsrfTokenFormat(token: unknown): token is string {
  return typeof token === 'string' && /^[0-9a-f]{64}$/.test(token);
}

export function getCsrfToken(storage: Storage | undefined = globalThis.sessionStorage): string {
  const stored = storage?.getItem(CSRF_STORAGE_KEY);
  if (isCsrfTokenFormat(stored)) return stored;
  const token = generateCsrfToken();
  storage?.setItem(CSRF_STORAGE_KEY, token);
  return token;
}

/** Headers for a state-changing request; also (re)sets the cookie half of the double-submit pair. */
export function csrfHeaders(): Record<string, string> {
  const token = getCsrfToken();
  if (typeof document !== 'undefined') {
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure}`;
  }
  return { [CSRF_HEADER]: token };
}
