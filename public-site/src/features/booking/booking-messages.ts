// The booking form's texts for time slots, multi-day shoots and the reference after sending, kept in
// the booking chunk: public-site's messages.ts is part of every first load of /.
export const bookingMessages = {
  chooseTime: 'Choose a time',
  timeHint: 'Times offered on this date.',
  endDateHint: 'Optional: the last day, for a shoot over several days.',
  reference: (reference: string) =>
    `Your last request (reference ${reference}) was sent. Please check your e-mail: the confirmation has a link to ` +
    'see, move or cancel it.',
};
