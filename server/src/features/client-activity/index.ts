// What other features may use of client-activity: everything else in this folder is its own.
export type { ClientActions } from './client-actions';
