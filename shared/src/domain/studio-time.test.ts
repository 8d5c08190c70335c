// The studio's clock: its day, an instant of its wall time, and the clock a page reads, whatever zone runs the code.
import { calendarDayIn, instantIn, studioClockOf, studioToday } from './studio-time';

test('instantIn is the wall time in the zone, whatever zone the machine is in, across DST and a date line', () => {
  expect(instantIn('America/Phoenix', '2026-11-21', '12:00').toISOString()).toBe('2026-11-21T19:00:00.000Z');
  expect(instantIn('Pacific/Auckland', '2026-11-21', '00:30').toISOString()).toBe('2026-11-20T11:30:00.000Z');
  // New York in summer (UTC-4) and in winter (UTC-5).
  expect(instantIn('America/New_York', '2026-07-01', '09:00').toISOString()).toBe('2026-07-01T13:00:00.000Z');
  expect(instantIn('America/New_York', '2026-12-31', '23:59').toISOString()).toBe('2027-01-01T04:59:00.000Z');
  // Every hour of a month's last day at the studio is still that day there.
  for (let h = 0; h < 24; h++) {
    const at = instantIn('America/Phoenix', '2026-11-30', `${String(h).padStart(2, '0')}:00`);
    expect(calendarDayIn('America/Phoenix', at)).toBe('2026-11-30');
  }
});

test("the page's studio day is the server's, or a later one once the page stays open past the studio's midnight", () => {
  const clock = { timeZone: 'America/Phoenix', today: '2026-11-27' };
  // 05:00 UTC on the 28th is 10 PM on the 27th in Phoenix: the browser's own (UTC, Berlin, Auckland) day is the 28th.
  expect(studioToday(clock, new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-27');
  expect(studioToday(clock, new Date('2026-11-28T08:00:00Z'))).toBe('2026-11-28');
  // A browser clock behind the server's never names an earlier day than the server did.
  expect(studioToday(clock, new Date('2026-11-20T08:00:00Z'))).toBe('2026-11-27');
});

test('studioClockOf reads the clock the server wrote into the page, and falls back to the default zone', () => {
  const page = document.implementation.createHTMLDocument();
  page.head.innerHTML =
    '<script id="studio-config" type="application/json">{"studio":{"timeZone":"Europe/Berlin","today":"2999-01-02","firstWeekday":1}}</script>';
  expect(studioClockOf(page)).toEqual({ timeZone: 'Europe/Berlin', today: '2999-01-02', firstWeekday: 1 });
  const bare = document.implementation.createHTMLDocument();
  expect(studioClockOf(bare)).toMatchObject({
    timeZone: 'America/Phoenix',
    today: calendarDayIn('America/Phoenix', new Date()),
    firstWeekday: 0,
  });
});
