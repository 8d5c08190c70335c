// The authorisation matrix (authorization-matrix.test.ts), her bookings' routes: each row as a visitor, as a signed-in
// stranger and as the admin, with the status the row expects.
import { testCells, useMatrixApp } from './authorization-matrix-kit';
import { BOOKING_ROWS } from './authorization-matrix-bookings-rows';

useMatrixApp();

testCells(BOOKING_ROWS);
