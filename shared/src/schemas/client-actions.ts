// @studio/shared/schemas/client-actions: the client actions' schemas, an entry of their own so that only the
// dashboard and the server load them.
export * from '../api/client-actions';
