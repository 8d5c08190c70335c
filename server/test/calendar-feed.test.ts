// Her private calendar feed on the real server: made from the dashboard (its address shown once),
// it lists her confirmed bookings with the clients' invite UIDs; a wrong secret, an old one after a new feed, and
// a revoked one are 404; the database keeps only the secret's hash.
import ICAL from 'ical.js';
import type { InjectOptions } from 'fastify';
import { build, withCsrf, ADMIN_EMAIL, type TestApp, insertRow } from './helper';
import { calendarInvite } from '../src/features/bookings/calendar-invite';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build({ now: () => new Date('2026-11-23T17:00:00Z') });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterAll(() => t.close());

const as = (options: InjectOptions) => withCsrf({ ...options, cookies: { studio_session: admin } });

function insert(id: string, fields: Record<string, string>) {
  const row = {
    id,
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
    phone: '+16025550100',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    date: '2026-12-03',
    time: '10:00-12:00',
    description: 'Editorial shoot',
    status: 'Confirmed',
    created_at: '2026-11-23T16:00:00.000Z',
    updated_at: '2026-11-23T16:00:00.000Z',
    ...fields,
  };
  insertRow(t.app, row);
}

const path = (url: string) => new URL(url).pathname;

test('made, read, replaced and revoked; only confirmed bookings; the secret is never stored', async () => {
  insert('c0ffee00-0000-4000-8000-000000000001', { name: 'Confirmed Client' });
  insert('c0ffee00-0000-4000-8000-000000000002', { name: 'New Client', status: 'New' });

  expect((await t.app.inject(as({ url: '/api/admin/calendar-feed' }))).json()).toEqual({ active: false });
  const made = (await t.app.inject(as({ method: 'POST', url: '/api/admin/calendar-feed', payload: {} }))).json() as {
    active: boolean;
    url: string;
  };
  expect(made.active).toBe(true);
  expect(made.url).toMatch(/^http:\/\/admin\.studio\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const secret = /calendar\/([^.]+)\.ics$/.exec(made.url)![1]!;
  const stored = JSON.stringify(t.app.db.prepare('SELECT * FROM settings').all());
  expect(stored).not.toContain(secret);
  // The address is shown once: asking again says only that a feed exists.
  expect((await t.app.inject(as({ url: '/api/admin/calendar-feed' }))).json()).toEqual({ active: true });

  const feed = await t.app.inject({ url: path(made.url) });
  expect(feed.statusCode).toBe(200);
  expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(feed.body));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events.map((e) => String(e.getFirstPropertyValue('summary')))).toEqual(['Photoshoot: Confirmed Client']);
  expect(String(events[0]!.getFirstPropertyValue('uid'))).toBe(
    'c0ffee00-0000-4000-8000-000000000001-shoot@studio.test',
  );
  expect(events[0]!.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Phoenix');

  expect((await t.app.inject({ url: `/api/calendar/${'A'.repeat(43)}.ics` })).statusCode).toBe(404);
  expect((await t.app.inject({ url: `/api/calendar/${secret}` })).statusCode).toBe(404);

  // A new feed: the old address stops working.
  const again = (await t.app.inject(as({ method: 'POST', url: '/api/admin/calendar-feed', payload: {} }))).json() as {
    url: string;
  };
  expect((await t.app.inject({ url: path(made.url) })).statusCode).toBe(404);
  expect((await t.app.inject({ url: path(again.url) })).statusCode).toBe(200);

  expect((await t.app.inject(as({ method: 'DELETE', url: '/api/admin/calendar-feed' }))).json()).toEqual({
    active: false,
  });
  expect((await t.app.inject({ url: path(again.url) })).statusCode).toBe(404);
});

// A client's name is hers to type, and `"`, `;`, `:` and `,` are ordinary in a name; in the
// feed (and in her invite) it stays the attendee's CN and never becomes parameters or properties of its own.
const NAMES = {
  quote: 'Mallory";ROLE=CHAIR;CN="Boss',
  // A line break cannot come through the booking form, but a row from an older rule or another backend may hold one.
  lineBreak: 'Eve\nATTENDEE;ROLE=CHAIR:mailto:eve@evil.example',
  punctuation: 'Dana "DJ" Reyes, Jr.: ^caret; \\backslash',
} as const;

function attendeesOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    attendees: event.getAllProperties('attendee').map((p) => ({
      cn: p.getParameter('cn'),
      role: p.getParameter('role') ?? null,
      address: String(p.getFirstValue()).toLowerCase(),
    })),
    organizerRole: event.getFirstProperty('organizer')?.getParameter('role') ?? null,
  }));
}

test("a name with quotes, separators or a line break is one attendee's name in the feed, never a parameter", async () => {
  const ids = {
    quote: 'c0ffee00-0000-4000-8000-0000000000a1',
    lineBreak: 'c0ffee00-0000-4000-8000-0000000000a2',
    punctuation: 'c0ffee00-0000-4000-8000-0000000000a3',
  };
  for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
    insert(ids[key], { name: NAMES[key], email: `${key}@example.com` });
  }
  const made = (await t.app.inject(as({ method: 'POST', url: '/api/admin/calendar-feed', payload: {} }))).json() as {
    url: string;
  };
  const feed = await t.app.inject({ url: path(made.url) });
  expect(feed.statusCode).toBe(200);
  const events = attendeesOf(feed.body);
  for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
    const event = events.find((e) => e.uid === `${ids[key]}-shoot@studio.test`);
    expect(event).toEqual({
      uid: `${ids[key]}-shoot@studio.test`,
      attendees: [{ cn: NAMES[key], role: 'REQ-PARTICIPANT', address: `mailto:${key.toLowerCase()}@example.com` }],
      organizerRole: null,
    });
  }
  // The injected text stays inside the quoted CN: no line of the file starts a property of its own with it.
  expect(feed.body).not.toMatch(/^ATTENDEE;ROLE=CHAIR/m);
});

test("the client's invite keeps her name as one attendee's name, whatever it holds", () => {
  for (const [key, name] of Object.entries(NAMES)) {
    const invite = calendarInvite(
      {
        id: 'c0ffee00-0000-4000-8000-0000000000b1',
        name,
        email: `${key}@example.com`,
        phone: '',
        serviceId: 'photoshoot',
        service: 'Photoshoot',
        servicePrice: '',
        serviceTier: '',
        serviceTierId: '',
        paymentSchedule: '',
        date: '2026-12-03',
        endDate: '',
        time: '10:00-12:00',
        consultationDate: '',
        consultationTime: '',
        consultationLocation: '',
        location: 'Papago Park',
        description: '',
        smsOptIn: false,
        status: 'Confirmed',
        createdAt: '2026-11-23T16:00:00.000Z',
        updatedAt: '2026-11-23T16:00:00.000Z',
      },
      {
        method: 'REQUEST',
        sequence: 1,
        timeZone: 'America/Phoenix',
        modelName: 'Ava "The Face" Monroe',
        organizerEmail: ADMIN_EMAIL,
        publicOrigin: 'http://studio.test',
        now: new Date('2026-11-23T17:00:00Z'),
      },
    );
    const ics = invite!.content.toString('utf8');
    expect(attendeesOf(ics)).toEqual([
      {
        uid: 'c0ffee00-0000-4000-8000-0000000000b1-shoot@studio.test',
        attendees: [{ cn: name, role: 'REQ-PARTICIPANT', address: `mailto:${key.toLowerCase()}@example.com` }],
        organizerRole: null,
      },
    ]);
    const organizer = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!.getFirstProperty('organizer');
    expect(organizer!.getParameter('cn')).toBe('Ava "The Face" Monroe');
  }
});
