// Her mail's link to one booking, /admin/bookings/<id> (issue 27): the dashboard opens with that booking found (by
// its reference, as her search finds it) and that booking's client actions marked seen.
import { useEffect, useRef } from 'react';
import { useLocation } from '@studio/shared/router';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { useMarkClientActionsSeen } from './api/client-actions';

const LINKED = /^\/admin\/bookings\/([^/]+)\/?$/;

export function useLinkedBooking(show: (reference: string) => void) {
  const { pathname } = useLocation();
  const markSeen = useMarkClientActionsSeen();
  const id = LINKED.exec(pathname)?.[1];
  const bookingId = id === undefined ? undefined : decodeURIComponent(id);
  // Once per link followed, with the caller's latest `show`.
  const showRef = useRef(show);
  showRef.current = show;
  const { mutate } = markSeen;
  useEffect(() => {
    if (bookingId === undefined) return;
    showRef.current(bookingReference(bookingId));
    void mutate(bookingId).catch(() => undefined);
  }, [bookingId, mutate]);
}
