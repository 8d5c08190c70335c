// The backend the browser bundles use: the http adapter, talking to the server in either home (embedded, or the
// Firebase function behind Hosting's rewrites).
export * from './port';
export { backend } from './current';
