// Firebase errors (FirestoreError, AuthError, FunctionsError, StorageError) carry a string `code`, sometimes
// prefixed by the service ('auth/...', 'functions/...', 'storage/...'). The port speaks BackendError only.
import { BackendError, codeForStatus, type BackendErrorCode } from '../port';

const CODES: Record<string, BackendErrorCode> = {
  'permission-denied': 'forbidden',
  unauthorized: 'forbidden',
  unauthenticated: 'unauthenticated',
  'user-token-expired': 'unauthenticated',
  'requires-recent-login': 'unauthenticated',
  'not-found': 'not-found',
  'object-not-found': 'not-found',
  'already-exists': 'conflict',
  aborted: 'conflict',
  'resource-exhausted': 'rate-limited',
  'too-many-requests': 'rate-limited',
  'quota-exceeded': 'rate-limited',
  unavailable: 'unavailable',
  'deadline-exceeded': 'network',
  'network-request-failed': 'network',
  'retry-limit-exceeded': 'network',
  'invalid-argument': 'validation',
  'failed-precondition': 'validation',
  'invalid-email': 'validation',
  'invalid-action-code': 'unauthenticated',
  'expired-action-code': 'unauthenticated',
};

const STATUS: Partial<Record<BackendErrorCode, number>> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
};

export const FIREBASE_ERROR_FALLBACK = 'The request could not be completed. Please try again.';

export function firebaseCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  if (typeof code !== 'string') return undefined;
  const slash = code.indexOf('/');
  return slash >= 0 ? code.slice(slash + 1) : code;
}

/** Turns anything a Firebase SDK throws into a BackendError; a BackendError passes through unchanged. */
export function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const code = CODES[firebaseCodeOf(error) ?? ''] ?? 'internal';
  const message = error instanceof Error && error.message ? error.message : FIREBASE_ERROR_FALLBACK;
  const status = STATUS[code];
  return new BackendError(code, message, status === undefined ? {} : { status });
}

/** Runs a Firebase call and rejects with a BackendError only. */
export async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toBackendError(error);
  }
}

/**
 * A callable function's refusal: createBooking puts the embedded server's HTTP status and field errors in the
 * HttpsError's details, so the caller gets the same BackendError from either backend. Other errors map by code.
 */
export function fromCallableError(error: unknown): BackendError {
  const details: unknown =
    typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : null;
  if (typeof details === 'object' && details !== null && typeof (details as { status?: unknown }).status === 'number') {
    const { status, fieldErrors, retryAfter, message } = details as {
      status: number;
      message?: string;
      fieldErrors?: Record<string, string[]>;
      retryAfter?: number;
    };
    // The SDK appends " [<HTTP status>]" to the error's message, so the function repeats its words in the details.
    const text = message ?? (error instanceof Error && error.message ? error.message : FIREBASE_ERROR_FALLBACK);
    return new BackendError(codeForStatus(status), text, {
      status,
      fieldErrors: fieldErrors ?? {},
      ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
    });
  }
  return toBackendError(error);
}
