// Her private calendar feed: whether it is on, and making or revoking it. The address comes back only from
// create(), so the section holds it in its own state to show it that once.
import { useBackend, useMutation, useQuery } from '@studio/shared/data';
import type { CalendarFeedStatus } from '@studio/shared/backend';
import { adminKey } from '../../../lib/query-keys';

export const calendarFeedKey = [...adminKey, 'calendar-feed'] as const;

export const useHasCalendarFeed = () => useBackend().calendarFeed !== undefined;

export const useCalendarFeed = () =>
  useQuery(calendarFeedKey, (backend) => backend.calendarFeed?.status() ?? Promise.resolve({ active: false }));

export const useCreateCalendarFeed = () =>
  useMutation(
    (backend, _input: void): Promise<CalendarFeedStatus> =>
      backend.calendarFeed?.create() ?? Promise.reject(new Error('unsupported')),
    { invalidates: [calendarFeedKey] },
  );

export const useRevokeCalendarFeed = () =>
  useMutation(
    (backend, _input: void): Promise<CalendarFeedStatus> =>
      backend.calendarFeed?.revoke() ?? Promise.reject(new Error('unsupported')),
    { invalidates: [calendarFeedKey] },
  );
