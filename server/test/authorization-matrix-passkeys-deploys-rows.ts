// The authorisation matrix's rows for the passkey step and passkey sign-in, her passkeys and trusted devices, the
// deploy API and her Deployments view.
import { ADMIN_ONLY, DEPLOY_TOKEN_ONLY, OPEN, type Row } from './authorization-matrix-kit';

// Well-formed WebAuthn answers that no challenge was issued for.
const attestation = {
  id: 'AAAA',
  rawId: 'AAAA',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
  type: 'public-key',
};
const assertion = {
  id: 'AAAA',
  rawId: 'AAAA',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
  type: 'public-key',
};

export const PASSKEY_AND_DEPLOY_ROWS: Row[] = [
  // The passkey step: only the step's own cookie (an e-mail link spent once she has a passkey) opens it; a session,
  // the admin's included, does not (passkeys.test.ts goes through the step).
  {
    method: 'POST',
    route: '/api/auth/passkey/options',
    request: () => ({ method: 'POST', url: '/api/auth/passkey/options', payload: {} }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  {
    method: 'POST',
    route: '/api/auth/passkey',
    request: () => ({ method: 'POST', url: '/api/auth/passkey', payload: assertion }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  {
    method: 'POST',
    route: '/api/auth/recovery',
    request: () => ({ method: 'POST', url: '/api/auth/recovery', payload: { code: 'AAAAA-AAAAA-AAAAA-AAAAA' } }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  // Sign-in by passkey alone: open to everyone, as a sign-in is; a session changes nothing. An assertion for
  // a ceremony that was never started is refused alike (passkey-sign-in.test.ts goes through real ones).
  {
    method: 'POST',
    route: '/api/auth/passkey/sign-in/options',
    request: () => ({ method: 'POST', url: '/api/auth/passkey/sign-in/options', payload: {} }),
    expect: OPEN,
  },
  {
    method: 'POST',
    route: '/api/auth/passkey/sign-in',
    request: () => ({
      method: 'POST',
      url: '/api/auth/passkey/sign-in',
      payload: { ceremony: 'A'.repeat(43), response: assertion },
    }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  // Her passkeys: only her session. Adding one needs a real ceremony (passkeys.test.ts); here a well-formed answer to
  // no challenge gets past the guard to the verification, which refuses it.
  {
    method: 'GET',
    route: '/api/admin/passkeys',
    request: () => ({ url: '/api/admin/passkeys' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/passkeys/options',
    request: () => ({ method: 'POST', url: '/api/admin/passkeys/options', payload: { name: 'Phone' } }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/passkeys',
    request: () => ({ method: 'POST', url: '/api/admin/passkeys', payload: { name: 'Phone', response: attestation } }),
    expect: ADMIN_ONLY(400),
  },
  {
    method: 'DELETE',
    route: '/api/admin/passkeys/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/passkeys/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  // Her trusted devices: only her session; ending one that is not listed is a 404
  // (trusted-devices.test.ts ends real ones).
  {
    method: 'GET',
    route: '/api/admin/trusted-devices',
    request: () => ({ url: '/api/admin/trusted-devices' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/trusted-devices/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/trusted-devices/AAAAAAAAAAAAAAAAAAAAAA' }),
    expect: ADMIN_ONLY(404),
  },
  // The deploy API: a remote's deploy token only, never a session, the admin's included (deploys.test.ts
  // covers the tokens: none, unknown, revoked, another remote's).
  {
    method: 'PUT',
    route: '/api/deploy/:remote/versions',
    request: () => ({
      method: 'PUT',
      url: '/api/deploy/public-site/versions',
      headers: { 'content-type': 'application/gzip' },
      payload: Buffer.from('not read'),
    }),
    expect: DEPLOY_TOKEN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/deploy/:remote/live',
    request: () => ({ method: 'POST', url: '/api/deploy/public-site/live', payload: {} }),
    expect: DEPLOY_TOKEN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/deploy/:remote/versions',
    request: () => ({ url: '/api/deploy/admin-app/versions' }),
    expect: DEPLOY_TOKEN_ONLY,
  },
  // Her Deployments view: her session, never a deploy token.
  {
    method: 'GET',
    route: '/api/admin/deployments',
    request: () => ({ url: '/api/admin/deployments' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/deployments/:remote/live',
    request: () => ({
      method: 'POST',
      url: '/api/admin/deployments/public-site/live',
      payload: { version: '0123456789abcdef' },
    }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'POST',
    route: '/api/admin/deployments/:remote/versions/:version/preview',
    request: () => ({
      method: 'POST',
      url: '/api/admin/deployments/public-site/versions/0123456789abcdef/preview',
      payload: {},
    }),
    expect: ADMIN_ONLY(404),
  },
];
