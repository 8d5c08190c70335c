// The calendar invite a confirmed booking's client gets, as an iTIP message (RFC 5546) any calendar
// understands: METHOD:REQUEST adds or updates the events, METHOD:CANCEL removes them. Each event's UID is made from
// the request's id, so an update or a cancellation finds the event her calendar already holds; SEQUENCE (counted per
// request in the database) tells it which version is newer. Times are the studio's wall-clock times in its zone
// (TIMEZONE), written with TZID and the zone's VTIMEZONE block, so the invite shows the right hour wherever she is.
// A day without a time slot is an all-day event; a multi-day shoot spans its days.
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { BookingRequest } from '@studio/shared/domain';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import type { MailAttachment } from '../messaging';

/** REQUEST and CANCEL go out by mail; PUBLISH is the file a client downloads from her manage link. */
export type InviteMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

const CALENDAR_METHODS: Record<InviteMethod, ICalCalendarMethod> = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
};

export interface InviteOptions {
  method: InviteMethod;
  /** The invite's version for this request: 1 for the first, one more for each update or cancellation. */
  sequence: number;
  timeZone: string;
  modelName: string;
  /** Her public address (organizerAddressOf, site-identity.ts): the organizer a calendar answers to. */
  organizerEmail: string;
  /** The site's origin; its host names the UIDs. */
  publicOrigin: string;
  now: Date;
}

/** The stable UID of one event of a request ('shoot' or 'consultation'). */
export const inviteUid = (bookingId: string, part: 'shoot' | 'consultation', publicOrigin: string) =>
  `${bookingId}-${part}@${new URL(publicOrigin).hostname}`;

const nextDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

// ical-generator writes a floating or zoned wall-clock time from an ISO string without an offset ('2026-11-25T10:00:00'):
// with `timezone` set it is written as that zone's local time, never converted through the server's own zone.
const wallClock = (date: string, hhmm: string) => `${date}T${hhmm}:00`;

/**
 * A name as a quoted parameter value (CN="..."): RFC 5545 gives a quoted parameter no escape for DQUOTE or a line
 * break, and ical-generator (10.2) writes a `"` as `\"`, which ends the value early, so a client named
 * `Dana";ROLE=CHAIR` became a chair and could add an attendee. RFC 6868's caret encoding says the same characters in
 * a form every reader of quoted values keeps inside the quotes (`^'` for `"`, `^n` for a line break, `^^` for `^`);
 * calendars that know RFC 6868 (ical.js among them) show the name as she typed it. Done here, at the one place names
 * enter the file, because the library has no option for it. (A backslash still comes out doubled, the library's own
 * escape; ical.js reads it back as one.)
 */
export const paramText = (value: string) =>
  value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n');

interface EventPart {
  part: 'shoot' | 'consultation';
  summary: string;
  date: string;
  endDate: string;
  slot: string;
  location: string;
}

function partsOf(booking: BookingRequest, modelName: string): EventPart[] {
  const what = booking.serviceTier ? `${booking.service} (${booking.serviceTier})` : booking.service;
  const parts: EventPart[] = [];
  if (booking.consultationDate) {
    parts.push({
      part: 'consultation',
      summary: `Consultation with ${modelName}: ${what}`,
      date: booking.consultationDate,
      endDate: '',
      slot: booking.consultationTime,
      location: booking.consultationLocation,
    });
  }
  if (booking.date) {
    parts.push({
      part: 'shoot',
      summary: `${what} with ${modelName}`,
      date: booking.date,
      endDate: booking.endDate,
      slot: booking.time,
      location: booking.location,
    });
  }
  return parts;
}

const newCalendar = (method: ICalCalendarMethod, name?: string) =>
  new ICalCalendar({
    prodId: { company: 'Studio', product: 'Bookings', language: 'EN' },
    method,
    ...(name ? { name } : {}),
    // No calendar-wide zone (that would write DTSTAMP without its 'Z'): each timed event names the zone, and the
    // generator adds that zone's VTIMEZONE block once.
    timezone: { name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null },
  });

/** The invite as the `.ics` attachment of the client's mail, or null when the request names no date at all. */
export function calendarInvite(booking: BookingRequest, options: InviteOptions): MailAttachment | null {
  if (partsOf(booking, options.modelName).length === 0) return null;
  const calendar = newCalendar(CALENDAR_METHODS[options.method]);
  addEvents(calendar, booking, options);
  return {
    filename: 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${options.method}`,
    content: Buffer.from(calendar.toString(), 'utf8'),
  };
}

/**
 * Her own calendar (the private feed a calendar app subscribes to): every confirmed request's events, with the same
 * UIDs as the clients' invites, and the client's name and contact in each description for her eyes only.
 */
export function confirmedBookingsCalendar(
  bookings: readonly BookingRequest[],
  options: Omit<InviteOptions, 'method' | 'sequence'>,
): string {
  const calendar = newCalendar(ICalCalendarMethod.PUBLISH, `${options.modelName}: bookings`);
  for (const booking of bookings) {
    addEvents(calendar, booking, { ...options, method: 'REQUEST', sequence: 0 }, true);
  }
  return calendar.toString();
}

function addEvents(calendar: ICalCalendar, booking: BookingRequest, options: InviteOptions, forHer = false): void {
  const parts = partsOf(booking, options.modelName);
  const reference = bookingReference(booking.id);
  for (const p of parts) {
    const [from, to] = p.slot ? p.slot.split('-') : [];
    const timed = Boolean(from && to);
    calendar.createEvent({
      id: inviteUid(booking.id, p.part, options.publicOrigin),
      sequence: options.sequence,
      stamp: options.now,
      summary: forHer ? `${p.part === 'consultation' ? 'Consultation' : booking.service}: ${booking.name}` : p.summary,
      description: forHer
        ? [`Reference ${reference}.`, booking.email, booking.phone].filter(Boolean).join('\n')
        : `Booking reference ${reference}.`,
      location: p.location || null,
      organizer: { name: paramText(options.modelName), email: options.organizerEmail },
      attendees: [{ name: paramText(booking.name), email: booking.email, rsvp: false }],
      status: options.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(timed
        ? {
            start: wallClock(p.date, from as string),
            end: wallClock(p.date, to as string),
            timezone: options.timeZone,
          }
        : {
            allDay: true,
            start: p.date,
            // An all-day event's end is the day after its last day (exclusive).
            end: nextDay(p.endDate || p.date),
          }),
    });
  }
}
