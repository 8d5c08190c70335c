// The Firestore collection of bookings, on its own: contracts read a booking in the same transaction as its contract,
// and naming it must not load the Firestore SDK into the embedded server.
export const BOOKINGS = 'bookings';
