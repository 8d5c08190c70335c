// Her mail's link to one booking, /admin/bookings/<id>: the dashboard opens with that booking found (by
// its reference, as her search finds it) and that booking's client actions marked seen.
import { useEffect, useState } from 'react';
import { useLocation } from '@studio/shared/router';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { useMarkClientActionsSeen } from './api/client-actions';

const LINKED = /^\/admin\/bookings\/([^/]+)\/?$/;

/**
 * Calls `show` with the linked booking's reference when a link is followed: during the render (the caller's own
 * state, set before its children mount, so the search box starts with the reference instead of clearing it).
 * Answers the linked booking's id: a key that gives the list a fresh search box for each link followed.
 */
export function useLinkedBooking(show: (reference: string) => void): string | undefined {
  const { pathname } = useLocation();
  const { mutate } = useMarkClientActionsSeen();
  const id = LINKED.exec(pathname)?.[1];
  const bookingId = id === undefined ? undefined : decodeURIComponent(id);
  const [shown, setShown] = useState<string | undefined>(undefined);
  if (bookingId !== shown) {
    setShown(bookingId);
    if (bookingId !== undefined) show(bookingReference(bookingId));
  }
  useEffect(() => {
    if (bookingId !== undefined) void mutate(bookingId).catch(() => undefined);
  }, [bookingId, mutate]);
  return bookingId;
}
