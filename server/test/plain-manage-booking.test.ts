// The client's manage page posted without JavaScript. Its plain forms post to /manage-booking and go through what
// the JSON API does (the shared manageRequestSchema and manageMoveSchema, the same service and rules, the same store
// and client actions), held to the Origin check every plain form is (platform/http/csrf.ts, formPostRefusal) and to the
// link's key, carried in the post's body. The answer is the page rendered with her request as it now stands. The page
// is rendered by stand-in entries (plain-form-site.ts) that print what the server gave them; the real page is checked
// in a browser without JavaScript (e2e/tests/plain-manage-booking.spec.ts).
import { addCalendarDays, type BookingInput } from '@studio/shared/domain';
import type { ManagePost } from '@studio/shared/domain/plain-form';
import type { InjectOptions } from 'fastify';
import type { Change } from '../src/platform/change-bus';
import { CSRF_REFUSED, ORIGIN_REFUSED } from '../src/platform/http/csrf';
import { MANAGE_CLOSED, MANAGE_NOT_FOUND, RESCHEDULE_UNAVAILABLE } from '../src/features/bookings/manage-booking';
import { tokenOfLink } from '../src/features/bookings/manage-booking-forms';
import { atStudio, bookThroughApi, photoshootInput, withCsrf } from './helper';
import { answerOf, buildPlainFormSite, formOf, ORIGIN, type PlainFormSite } from './plain-form-site';

const TODAY = '2026-11-21';
const NOW = atStudio(TODAY);
const day = (n: number) => addCalendarDays(TODAY, n);

let site: PlainFormSite;
let changes: Change[];

beforeEach(async () => {
  site = await buildPlainFormSite({ now: () => NOW });
  changes = [];
  site.t.bus.subscribe((c) => changes.push(c));
});
afterEach(async () => {
  await site.close();
});

/** A photoshoot (shoot on day 21, consultation on day 14) booked through the API: the booking and its link's key. */
const book = (over: Partial<BookingInput> = {}) => bookThroughApi(site.t, photoshootInput(TODAY, over));
const post = (fields: Record<string, string>, headers?: Record<string, string>) =>
  site.post(formOf(fields), headers, '/manage-booking');
const answer = (body: string) => answerOf(body) as ManagePost;
/** What the dashboards were told after the booking itself. */
const updates = () => changes.filter((c) => c.topic === 'bookings' && c.type === 'updated');
const stored = async (id: string) => (await site.t.repos.bookings.get(id))!;
const statusAndMove = async (id: string) => {
  const { status, rescheduleDate } = await stored(id);
  return { status, rescheduleDate };
};
const actions = () => site.t.app.db.prepare('SELECT kind, detail FROM client_actions ORDER BY seq').all();
const api = (url: string, payload: Record<string, string>) =>
  site.t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'] }));

describe('opening the request', () => {
  test('the pasted link (or its key alone) opens her request: the same view as the API, and its invoice', async () => {
    const { booking, token } = await book();
    const res = await post({ form: 'manage-open', link: `  ${ORIGIN}/manage-booking#${token} ` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The key is in the page's forms: nothing may keep it.
    expect(res.headers['cache-control']).toBe('no-store');
    const shown = answer(res.body);
    expect(shown).toMatchObject({ form: 'manage', outcome: 'shown', token, fieldErrors: {}, message: '' });
    expect(shown.view).toEqual((await api('/api/manage-booking', { token })).json());
    expect(shown.view).toMatchObject({ status: 'New', date: day(21), consultationDate: day(14), open: true });
    expect(shown.invoice).toEqual((await api('/api/manage-booking/invoice', { token })).json());
    expect(shown.invoice?.reference).toBe(shown.view?.reference);
    expect(res.body).not.toContain('This site needs JavaScript');

    expect(answer((await post({ form: 'manage-open', link: token })).body)).toMatchObject({
      outcome: 'shown',
      view: { reference: shown.view?.reference },
    });
    expect((await stored(booking.id)).status).toBe('New');
  });

  test('tokenOfLink takes the fragment of a whole link, or the key as pasted', () => {
    expect(tokenOfLink(' https://studio.test/manage-booking#abc ')).toBe('abc');
    expect(tokenOfLink('abc')).toBe('abc');
    expect(tokenOfLink('')).toBe('');
  });
});

describe('the link key', () => {
  test('a wrong key opens nothing and changes nothing: a 404 page with the form to paste the link again', async () => {
    const { booking, token } = await book();
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const res = await post({ form: 'manage-open', link: `${ORIGIN}/manage-booking#${wrong}` });
    expect(res.statusCode).toBe(404);
    expect(answer(res.body)).toEqual({
      form: 'manage',
      outcome: 'refused',
      token: '',
      view: null,
      invoice: null,
      values: { link: `${ORIGIN}/manage-booking#${wrong}` },
      fieldErrors: { link: MANAGE_NOT_FOUND },
      message: MANAGE_NOT_FOUND,
    });

    // Nor can a wrong key cancel or move anything, confirmed or not.
    const posts: Array<Record<string, string>> = [
      { form: 'manage-cancel', token: wrong, confirm: 'yes' },
      { form: 'manage-cancel', token: wrong },
      { form: 'manage-move', token: wrong, part: 'shoot', date: day(23) },
    ];
    for (const fields of posts) {
      const refused = await post(fields);
      expect(refused.statusCode).toBe(404);
      expect(answer(refused.body)).toMatchObject({ outcome: 'refused', view: null, message: MANAGE_NOT_FOUND });
    }
    // A key of the wrong shape is refused by the API's schema, with its message.
    const short = await post({ form: 'manage-cancel', token: 'short', confirm: 'yes' });
    expect(short.statusCode).toBe(400);
    expect(answer(short.body)).toMatchObject({ view: null, fieldErrors: { link: 'Must be the key from your link' } });
    const none = await post({ form: 'manage-open' });
    expect(none.statusCode).toBe(400);

    expect(await statusAndMove(booking.id)).toEqual({ status: 'New', rescheduleDate: undefined });
    expect(updates()).toEqual([]);
    expect(actions()).toEqual([]);
  });

  test("a closed request's key still shows it, but can no longer move or cancel it", async () => {
    const { booking, token } = await book();
    await site.t.repos.bookings.updateStatus(booking.id, 'Declined', NOW.toISOString());
    const move = await post({ form: 'manage-move', token, part: 'shoot', date: day(23) });
    expect(move.statusCode).toBe(409);
    expect(answer(move.body)).toMatchObject({ outcome: 'refused', message: MANAGE_CLOSED, view: { open: false } });
    const cancel = await post({ form: 'manage-cancel', token });
    expect(cancel.statusCode).toBe(409);
    expect(answer(cancel.body)).toMatchObject({ outcome: 'refused', message: MANAGE_CLOSED, invoice: null });
    expect(await statusAndMove(booking.id)).toEqual({ status: 'Declined', rescheduleDate: undefined });
    expect(actions()).toEqual([]);
  });
});

describe('the Origin check', () => {
  test('a post from another site, or with no Origin, is refused before anything is read or changed', async () => {
    const { booking, token } = await book();
    const confirmed = { form: 'manage-cancel', token, confirm: 'yes' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ origin: 'https://evil.example' }, ORIGIN_REFUSED],
      [{ origin: 'null' }, ORIGIN_REFUSED],
      [{}, ORIGIN_REFUSED],
      [{ origin: ORIGIN, 'sec-fetch-site': 'cross-site' }, CSRF_REFUSED],
    ];
    for (const [headers, message] of cases) {
      const res = await post(confirmed, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message });
      const moved = await post({ form: 'manage-move', token, date: day(23) }, headers);
      expect(moved.statusCode).toBe(403);
    }
    expect(await statusAndMove(booking.id)).toEqual({ status: 'New', rescheduleDate: undefined });
    expect(updates()).toEqual([]);
  });
});

describe('cancelling', () => {
  test('asks "Are you sure?" first; "Keep it" keeps it; only the confirmed post cancels, once', async () => {
    const { booking, token } = await book();
    const asked = await post({ form: 'manage-cancel', token });
    expect(asked.statusCode).toBe(200);
    expect(answer(asked.body)).toMatchObject({ outcome: 'confirm-cancel', token, view: { status: 'New' } });
    expect((await stored(booking.id)).status).toBe('New');

    const kept = await post({ form: 'manage-cancel', token, confirm: 'no' });
    expect(answer(kept.body)).toMatchObject({ outcome: 'shown', view: { status: 'New', open: true } });
    expect((await stored(booking.id)).status).toBe('New');
    expect(updates()).toEqual([]);

    const done = await post({ form: 'manage-cancel', token, confirm: 'yes' });
    expect(done.statusCode).toBe(200);
    expect(answer(done.body)).toMatchObject({
      outcome: 'cancelled',
      view: { status: 'Cancelled', open: false },
      invoice: null,
    });
    expect((await stored(booking.id)).status).toBe('Cancelled');
    // As the API's cancel: the dashboards are told, and so is she.
    expect(updates()).toEqual([
      expect.objectContaining({
        topic: 'bookings',
        type: 'updated',
        booking: expect.objectContaining({ id: booking.id }),
      }),
    ]);
    expect(actions()).toEqual([expect.objectContaining({ kind: 'cancelled' })]);
    // Sent again (Back, then resend): harmless.
    const again = await post({ form: 'manage-cancel', token, confirm: 'yes' });
    expect(answer(again.body)).toMatchObject({ view: { status: 'Cancelled' } });
    expect(updates()).toHaveLength(1);
  });
});

describe('asking to move a date', () => {
  test('a move is recorded as the API records it, and the page says so', async () => {
    const { booking, token } = await book();
    const res = await post({ form: 'manage-move', token, part: 'shoot', date: day(23), time: '' });
    expect(res.statusCode).toBe(200);
    expect(answer(res.body)).toMatchObject({ outcome: 'move-sent', part: 'shoot', view: { rescheduleDate: day(23) } });
    expect((await stored(booking.id)).rescheduleDate).toBe(day(23));
    expect(actions()).toEqual([{ kind: 'move-requested', detail: day(23) }]);
    expect(changes.at(-1)).toMatchObject({ type: 'updated', booking: { rescheduleDate: day(23) } });

    const consultation = await post({ form: 'manage-move', token, part: 'consultation', date: day(16) });
    expect(answer(consultation.body)).toMatchObject({
      outcome: 'move-sent',
      part: 'consultation',
      view: { rescheduleConsultationDate: day(16) },
    });
  });

  test('a bad date comes back as its field error, with the API’s words and what she chose; nothing changes', async () => {
    const { booking, token } = await book();
    const before = await stored(booking.id);
    const cases: Array<Record<string, string>> = [
      { part: 'shoot', date: '' },
      { part: 'shoot', date: '2026-02-30' },
      { part: 'shoot', date: 'next friday' },
      // Inside the minimum notice, and in the past.
      { part: 'shoot', date: day(1) },
      { part: 'shoot', date: day(-3) },
      // The shoot before its consultation (day 14), the consultation after the shoot (day 21).
      { part: 'shoot', date: day(12) },
      { part: 'consultation', date: day(25) },
    ];
    for (const move of cases) {
      const res = await post({ form: 'manage-move', token, time: '', ...move });
      const viaApi = await api('/api/manage-booking/reschedule', { token, time: '', ...move });
      expect(res.statusCode).toBe(viaApi.statusCode);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const refused = answer(res.body);
      const apiErrors = (viaApi.json() as { fieldErrors: Record<string, string[]> }).fieldErrors;
      expect(refused).toMatchObject({
        outcome: 'refused',
        token,
        part: move.part,
        values: { part: move.part, date: move.date, time: '' },
        view: { status: 'New', rescheduleDate: '' },
      });
      // The same field and the same message as the JSON API's refusal.
      expect(refused.fieldErrors).toEqual({ date: apiErrors.date![0] });
    }
    expect(answer((await post({ form: 'manage-move', token, date: day(1) })).body).fieldErrors).toEqual({
      date: RESCHEDULE_UNAVAILABLE,
    });
    expect(await stored(booking.id)).toEqual(before);
    expect(updates()).toEqual([]);
    expect(actions()).toEqual([]);
  });
});
