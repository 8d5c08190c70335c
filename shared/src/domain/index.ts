// Public entry of @studio/shared/domain: types, constants and pure rules shared by client and server.
export * from './types';
export * from './constants';
