// The backend the browser bundles use. The adapter is chosen at build time (STUDIO_BACKEND, default 'local'):
// webpack aliases './current' to the chosen adapter so the bundle holds only that one.
export * from './port';
export { backend } from './current';
