// The authorisation matrix (authorization-matrix.test.ts), passkeys and deploys: each row as a visitor, as a signed-in
// stranger and as the admin, with the status the row expects.
import { testCells, useMatrixApp } from './authorization-matrix-kit';
import { PASSKEY_AND_DEPLOY_ROWS } from './authorization-matrix-passkeys-deploys-rows';

useMatrixApp();

testCells(PASSKEY_AND_DEPLOY_ROWS);
