// Issue 14: the dashboard's passkeys against the memory backend (which keeps the server's rules): the offer while she
// has none, adding one with the recovery code shown once, another device, the list, removal after a confirmation,
// and what she reads when her device refuses.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { BackendProvider, BackendError } from '@studio/shared/data';
import { createMemoryBackend, type MemoryBackend } from '@studio/shared/backend/memory';
import { PasskeysSection } from './passkeys-section';

const ADMIN = 'admin@studio.test';
const AT = new Date('2030-01-02T09:30:00');
let memory: MemoryBackend;

beforeEach(() => {
  memory = createMemoryBackend({}, { adminEmail: ADMIN, signedIn: true, now: () => AT });
});

async function renderSection() {
  await act(async () => {
    render(
      <BackendProvider backend={memory}>
        <PasskeysSection />
      </BackendProvider>,
    );
  });
}

const click = (name: string | RegExp, within_: HTMLElement = document.body) =>
  act(async () => fireEvent.click(within(within_).getByRole('button', { name })));

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
  expect((await memory.auth.listPasskeys()).passkeys).toEqual([]);

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
  expect(within(section).getByRole('listitem')).toHaveTextContent('My phoneAdded Jan 2, 2030, 09:30, not used yet');
});

test('another device: no new recovery code, both listed', async () => {
  await memory.auth.addPasskey('My phone');
  memory.authenticator.holds = [];
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
  await memory.auth.addPasskey('My phone');
  await renderSection();
  memory.authenticator.dismissNext = true;
  await addPasskey('Add another device', 'Laptop');
  const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^The passkey request was cancelled or timed out\.$/);
  await click('Continue', dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^This device already holds one of your passkeys\.$/);
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Laptop');
});

test('removal asks first, warns when it is the last one, and takes it off the list', async () => {
  await memory.auth.addPasskey('My phone');
  memory.authenticator.holds = [];
  await memory.auth.addPasskey('Laptop');
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
  expect((await memory.auth.listPasskeys()).passkeys).toEqual([]);
});

test('once the recovery code was used, she is told the next passkey brings a new one', async () => {
  await memory.auth.addPasskey('My phone');
  memory.auth.listPasskeys = async () => ({
    passkeys: [{ id: 'passkey-1', name: 'My phone', createdAt: AT.toISOString(), lastUsedAt: null }],
    hasRecoveryCode: false,
  });
  await renderSection();
  expect(
    screen.getByText('Your recovery code has been used. The next passkey you add comes with a new one.'),
  ).toBeVisible();
});

test('a backend without passkeys (Firebase) shows no section', async () => {
  memory.auth.listPasskeys = () =>
    Promise.reject(new BackendError('not-supported', 'Passkeys are not supported here.'));
  await renderSection();
  expect(screen.queryByRole('region')).toBeNull();
});
