// @studio/shared/schemas/deployment: the deploy schemas, an entry of their own so that no visitor's page loads them.
export * from '../api/deploys';
