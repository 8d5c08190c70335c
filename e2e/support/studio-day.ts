// "Today" in the browser tests is the studio's day, in its zone (TIMEZONE, which the test servers inherit from this
// environment), as the server and its demo seed count it: never the day of the machine running the tests, which is
// another one for hours every day (UTC is a day ahead of America/Phoenix from 17:00 there).
import { addCalendarDays, type IsoDate } from '@studio/shared/domain';
import { DEFAULT_TIMEZONE, calendarDayIn } from '@studio/shared/domain/studio-time';

/** The zone of the servers this run starts. */
export const STUDIO_ZONE = process.env.TIMEZONE?.trim() || DEFAULT_TIMEZONE;

/** The studio's day now. */
export const studioToday = (): IsoDate => calendarDayIn(STUDIO_ZONE, new Date());

/** The studio's day `n` days from today (the demo seed's days are counted the same way). */
export const studioDay = (n: number): IsoDate => addCalendarDays(studioToday(), n);
