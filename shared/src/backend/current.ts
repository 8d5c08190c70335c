import { createHttpBackend } from './http';

/** The process-wide backend instance (a Module Federation singleton, shared by the shell and both remotes). */
export const backend = createHttpBackend({ baseUrl: '' });
