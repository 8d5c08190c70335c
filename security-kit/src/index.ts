// Public entry of @studio/security-kit (framework-free helpers; React parts are in ./react).
export * from './csrf/csrf-token';
