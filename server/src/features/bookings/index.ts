// What other features may use of bookings: everything else in this folder is its own.
export { BOOKING_NOT_FOUND } from './admin-bookings.routes';
export type { BookingsStore } from './bookings-store';
export { BOOKINGS } from './firestore-collection';
export { MANAGE_NOT_FOUND, hashManageToken } from './manage-booking';
