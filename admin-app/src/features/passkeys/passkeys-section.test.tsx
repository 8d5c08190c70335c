// The dashboard's passkeys against the real server and a software authenticator: the offer while she
// has none, adding one with the recovery code shown once, another device, the list, removal after a confirmation,
// and what she reads when her device refuses.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { BackendProvider } from '@studio/shared/data';
import type { Backend } from '@studio/shared/backend';
import type { PasskeyDevice, StudioServer } from '@studio/shared/test-support/studio-server';
import { adminServer } from '../../test-support/admin-server';
import { PasskeysSection } from './passkeys-section';

let server: StudioServer;
let device: PasskeyDevice;
let backend: Backend;

beforeEach(async () => {
  ({ server, backend } = await adminServer());
  device = server.passkeyDevice();
});

async function renderSection() {
  await act(async () => {
    render(
      <BackendProvider backend={backend}>
        <PasskeysSection />
      </BackendProvider>,
    );
  });
  await server.settle();
}

/** Clicks, and lets what it started (requests, the authenticator's answer, the list read again) finish. */
async function click(name: string | RegExp, within_: HTMLElement = document.body) {
  await act(async () => fireEvent.click(within(within_).getByRole('button', { name })));
  await server.settle();
}

/** Opens the dialog, names the passkey and continues; answers the dialog. */
async function addPasskey(button: string, name: string) {
  await click(button);
  const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
  const box = within(dialog).getByRole('textbox', { name: 'Name' });
  expect(box).toHaveFocus();
  fireEvent.change(box, { target: { value: name } });
  await click('Continue', dialog);
}

test('while she has none, it offers a passkey and says what it changes', async () => {
  await renderSection();
  const section = screen.getByRole('region', { name: 'Sign in with a passkey' });
  expect(section).toHaveTextContent('Today the e-mail link alone signs you in.');
  expect(within(section).getByRole('button', { name: 'Add a passkey' })).toBeVisible();
});

test('the first passkey: a name is required, then the recovery code is shown once with "save this now"', async () => {
  await renderSection();
  await click('Add a passkey');
  const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
  await click('Continue', dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please give this passkey a name\.$/);
  expect((await backend.auth.listPasskeys()).passkeys).toEqual([]);

  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '  My phone ' } });
  await click('Continue', dialog);
  const codeDialog = screen.getByRole('dialog', { name: 'Save your recovery code now' });
  expect(within(codeDialog).getByTestId('recovery-code').textContent).toMatch(
    /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/,
  );
  expect(within(codeDialog).getByRole('alert')).toHaveTextContent('It is shown only this once');
  expect(within(codeDialog).getByRole('button', { name: 'I have saved it' })).toHaveFocus();

  await click('I have saved it', codeDialog);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByTestId('recovery-code')).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('The passkey “My phone” was added.');
  const section = screen.getByRole('region', { name: 'Passkeys' });
  expect(section).toHaveTextContent('Signing in needs the e-mail link and one of these passkeys.');
  const [added] = (await backend.auth.listPasskeys()).passkeys;
  expect(within(section).getByRole('listitem')).toHaveTextContent(
    `My phoneAdded ${format(new Date(added!.createdAt), 'MMM d, yyyy, HH:mm')}, not used yet`,
  );
});

test('another device: no new recovery code, both listed', async () => {
  await backend.auth.addPasskey('My phone');
  device.switchToAnother();
  await renderSection();
  await addPasskey('Add another device', 'Laptop');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('The passkey “Laptop” was added.');
  expect(screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
    'My phone',
    'Laptop',
  ]);
});

test('what she reads when her device refuses: dismissed, or already holding one of hers; the dialog stays', async () => {
  await backend.auth.addPasskey('My phone');
  await renderSection();
  device.dismissNextPrompt();
  await addPasskey('Add another device', 'Laptop');
  const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^The passkey request was cancelled or timed out\.$/);
  await click('Continue', dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^This device already holds one of your passkeys\.$/);
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Laptop');
});

test('removal asks first, warns when it is the last one, and takes it off the list', async () => {
  await backend.auth.addPasskey('My phone');
  device.switchToAnother();
  await backend.auth.addPasskey('Laptop');
  await renderSection();

  await click('Remove the passkey My phone');
  let dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
  expect(dialog).toHaveTextContent('“My phone” will no longer sign you in.');
  expect(dialog).not.toHaveTextContent('last passkey');
  await click('Cancel', dialog);
  expect(screen.getAllByRole('listitem')).toHaveLength(2);

  await click('Remove the passkey My phone');
  await click('Remove', screen.getByRole('dialog'));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual(['Laptop']);

  await click('Remove the passkey Laptop');
  dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
  expect(dialog).toHaveTextContent('It is your last passkey: after this, the e-mail link alone signs you in.');
  await click('Remove', dialog);
  expect(screen.getByRole('region', { name: 'Sign in with a passkey' })).toBeVisible();
  expect((await backend.auth.listPasskeys()).passkeys).toEqual([]);
});

test('once the recovery code was used, she is told the next passkey brings a new one', async () => {
  const { recoveryCode } = await backend.auth.addPasskey('My phone');
  // Her passkey lost: the link, then the recovery code, signs her in (and spends the code).
  await backend.auth.signOut();
  await expect(server.signInAsAdmin(backend)).rejects.toMatchObject({ code: 'passkey-required' });
  await backend.auth.signInWithRecoveryCode(recoveryCode!);
  await renderSection();
  expect(
    screen.getByText('Your recovery code has been used. The next passkey you add comes with a new one.'),
  ).toBeVisible();
});
