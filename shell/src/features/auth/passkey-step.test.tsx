// The passkey step after the e-mail link, against the real server, with a software authenticator: her
// passkey signs her in, a dismissed prompt can be tried again, the recovery code is the way in for a lost passkey,
// and an expired step says to request a new link.
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from '@studio/shared/router';
import { PASSKEY_STEP_TTL_MS } from '@studio/shared/domain';
import type { Backend } from '@studio/shared/backend';
import { studioServer, type PasskeyDevice, type StudioServer } from '@studio/shared/test-support/studio-server';
import { renderWithBackend } from '../../test-support/render';
import { PasskeyStep } from './passkey-step';

const ADMIN = 'admin@studio.test';
let server: StudioServer;
let device: PasskeyDevice;
let memory: Backend;
let recoveryCode: string;
let signedIn: jest.Mock;

/** She has one passkey, and has just spent an e-mail link: the passkey step is open. */
beforeEach(async () => {
  server = await studioServer();
  device = server.passkeyDevice();
  memory = server.backend();
  await server.signInAsAdmin(memory);
  recoveryCode = (await memory.auth.addPasskey('Phone')).recoveryCode!;
  await memory.auth.signOut();
  await memory.auth.requestLink(ADMIN);
  await expect(memory.auth.completeSignIn(await server.lastSignInToken(), ADMIN)).rejects.toMatchObject({
    code: 'passkey-required',
  });
  signedIn = jest.fn();
  renderWithBackend(
    <MemoryRouter>
      <PasskeyStep onSignedIn={signedIn} />
    </MemoryRouter>,
    memory,
  );
});

/** Clicks, and lets the requests the click started finish. */
const click = (name: string | RegExp) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await server.idle();
  });

test('asks for her passkey, and her passkey signs her in', async () => {
  expect(screen.getByText('One more step: confirm it is you with your passkey.')).toBeVisible();
  expect(await memory.auth.current()).toBeNull();
  await click('Use my passkey');
  expect(signedIn).toHaveBeenCalledTimes(1);
  expect(await memory.auth.current()).toEqual({ email: ADMIN, isAdmin: true });
});

test('a dismissed prompt says so and can be tried again', async () => {
  device.dismissNextPrompt();
  await click('Use my passkey');
  expect(screen.getByRole('alert')).toHaveTextContent(/^The passkey request was cancelled or timed out\.$/);
  expect(signedIn).not.toHaveBeenCalled();
  await click('Use my passkey');
  expect(signedIn).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a lost passkey: her recovery code, required, checked, and then signing her in', async () => {
  await click('Lost your passkey? Use your recovery code');
  const box = screen.getByRole('textbox', { name: 'Recovery code' });
  expect(box).toHaveFocus();
  await click('Sign in with the recovery code');
  expect(screen.getByRole('alert')).toHaveTextContent(/^Please enter your recovery code\.$/);

  fireEvent.change(box, { target: { value: 'AAAAA-AAAAA-AAAAA-AAAAA' } });
  await click('Sign in with the recovery code');
  expect(screen.getByRole('alert')).toHaveTextContent(/^That recovery code is not valid or has already been used\.$/);
  expect(signedIn).not.toHaveBeenCalled();

  fireEvent.change(box, { target: { value: recoveryCode.toLowerCase() } });
  await click('Sign in with the recovery code');
  expect(signedIn).toHaveBeenCalledTimes(1);
  expect(await memory.auth.current()).toEqual({ email: ADMIN, isAdmin: true });
});

test('an expired step says a new link is needed', async () => {
  server.advanceClock(PASSKEY_STEP_TTL_MS);
  await click('Use my passkey');
  expect(screen.getByRole('alert')).toHaveTextContent(
    /^This sign-in has expired\. Please request a new sign-in link\.$/,
  );
  expect(signedIn).not.toHaveBeenCalled();
});

test('a browser without passkeys is pointed to the recovery code', async () => {
  // A browser without WebAuthn.
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  await click('Use my passkey');
  expect(screen.getByRole('alert')).toHaveTextContent(
    'This browser cannot use passkeys. Use your recovery code, or open the sign-in link on the device that holds your passkey.',
  );
});
