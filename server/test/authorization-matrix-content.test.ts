// The authorisation matrix (authorization-matrix.test.ts), her content's routes: each row as a visitor, as a signed-in
// stranger and as the admin, with the status the row expects.
import { prepareUploadForm, testCells, useMatrixApp } from './authorization-matrix-kit';
import { CONTENT_ROWS } from './authorization-matrix-content-rows';

useMatrixApp();
beforeAll(prepareUploadForm);

testCells(CONTENT_ROWS);
