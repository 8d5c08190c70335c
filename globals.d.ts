// Asset imports that webpack turns into URLs (or style tags) in the browser bundles.
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
