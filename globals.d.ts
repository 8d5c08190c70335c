// Build-time constants that webpack's DefinePlugin replaces in the browser bundles.
declare const __STUDIO_BACKEND__: 'local' | 'firebase';
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
