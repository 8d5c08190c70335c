// Where a booking request stands, from the visitor's form to her answer (docs/product.md §4).

/** docs/product.md §4's four, and 'Cancelled': the client withdrew the request through her manage link. */
export const BOOKING_STATUSES = ['New', 'Contacted', 'Confirmed', 'Declined', 'Cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
