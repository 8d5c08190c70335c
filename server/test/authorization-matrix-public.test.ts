// The authorisation matrix (authorization-matrix.test.ts), open routes: each row as a visitor, as a signed-in
// stranger and as the admin, with the status the row expects.
import { testCells, useMatrixApp } from './authorization-matrix-kit';
import { PUBLIC_ROWS } from './authorization-matrix-public-rows';

useMatrixApp();

testCells(PUBLIC_ROWS);
