import {
  CSRF_COOKIE,
  CSRF_HEADER,
  CSRF_STORAGE_KEY,
  csrfHeaders,
  generateCsrfToken,
  getCsrfToken,
  isCsrfTokenFormat,
} from './csrf-token';

const clearCookie = () => {
  document.cookie = `${CSRF_COOKIE}=; Path=/; Max-Age=0`;
};

describe('CSRF token', () => {
  beforeEach(() => {
    sessionStorage.clear();
    clearCookie();
  });

  it('is 32 random bytes in hex: 64 lower-case hex characters, different each time', () => {
    const token = generateCsrfToken();
    expect(token).toHaveLength(64);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(generateCsrfToken()).not.toBe(token);
  });

  it('is stored in sessionStorage and reused', () => {
    const token = getCsrfToken();
    expect(sessionStorage.getItem(CSRF_STORAGE_KEY)).toBe(token);
    expect(getCsrfToken()).toBe(token);
  });

  it('replaces a stored value that is not a token', () => {
    sessionStorage.setItem(CSRF_STORAGE_KEY, 'forged');
    const token = getCsrfToken();
    expect(isCsrfTokenFormat(token)).toBe(true);
    expect(sessionStorage.getItem(CSRF_STORAGE_KEY)).toBe(token);
  });

  it('sets the header and the cookie to the same token', () => {
    const headers = csrfHeaders();
    const token = sessionStorage.getItem(CSRF_STORAGE_KEY);
    expect(headers).toEqual({ [CSRF_HEADER]: token });
    expect(document.cookie).toContain(`${CSRF_COOKIE}=${token}`);
    expect(csrfHeaders()).toEqual(headers);
  });

  it('checks the format', () => {
    expect(isCsrfTokenFormat('a'.repeat(64))).toBe(true);
    expect(isCsrfTokenFormat('A'.repeat(64))).toBe(false);
    expect(isCsrfTokenFormat('a'.repeat(63))).toBe(false);
    expect(isCsrfTokenFormat(undefined)).toBe(false);
  });
});
