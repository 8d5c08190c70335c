// What every part of the memory adapter shares: copies out, listener calls, validation errors, the clock and ids.
import { FIELDS_NOT_VALID } from '../../messages';
import { fieldErrorsOf, type z } from '../../schemas';
import { BackendError } from '../port';

// Callers get copies, so a test mutating an answer cannot change the store behind the adapter's back.
export const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function invalid(fieldErrors: Record<string, string[]>, message: string = FIELDS_NOT_VALID): BackendError {
  return new BackendError('validation', message, { status: 400, fieldErrors });
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
}

// A listener that throws must not fail the write that notified it, nor stop the other listeners; it is still logged.
export function notify<T>(listeners: Iterable<(value: T) => void>, value: () => T) {
  for (const listener of [...listeners]) {
    try {
      listener(value());
    } catch (error) {
      console.error('memory backend: a listener threw', error);
    }
  }
}

/** The adapter's clock and id sequence, one for all its parts (ids read 'booking-1', 'period-2', ...). */
export interface MemoryClock {
  now(): Date;
  /** now() as an ISO 8601 timestamp. */
  timestamp(): string;
  newId(prefix: string): string;
}

export function createMemoryClock(now: () => Date): MemoryClock {
  let sequence = 0;
  return {
    now,
    timestamp: () => now().toISOString(),
    newId: (prefix) => `${prefix}-${++sequence}`,
  };
}
