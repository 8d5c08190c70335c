// Texts of the booking lifecycle: the rules on dates and times, the client's mails and manage page. A
// module of its own, not messages.ts, which every first load of / carries; these are read by the booking form's lazy
// chunk, the dashboard and the backends.

export const BOOKING_LABEL_END_DATE = 'Last Shoot Day';
export const BOOKING_LABEL_TIME = 'Time';
export const BOOKING_LABEL_CONSULTATION_TIME = 'Consultation Time';

export function tooSoonMessage(days: number): string {
  return days === 1
    ? 'Please choose a date from tomorrow on.'
    : `Please choose a date at least ${days} days from today.`;
}
export const SHOOT_BEFORE_CONSULTATION = 'The shoot cannot be before the consultation.';
export const END_BEFORE_START = 'The last shoot day cannot be before the first.';
export const END_DATE_NEEDS_DATE = 'Choose the first shoot day first.';
export const END_DATE_ONLY_PHOTOSHOOT = 'Only a photoshoot can span several days.';
export function shootTooLongMessage(days: number): string {
  return `A shoot can span at most ${days} days.`;
}
export const TIME_REQUIRED = 'Please choose one of the times offered on this date.';
export const TIME_NOT_OFFERED = 'This time is not offered on this date.';
export const TIME_WITHOUT_DATE = 'Choose a date before a time.';
