// The backend contract: her sign-in: the e-mail link only for her address, then her passkey (server/README.md)
// or her recovery code once she has one, or her passkey alone on the device that holds it.
import type { Backend } from '../port';
import { rejection, type ContractScope, type ContractSubject } from './contract-support';

const NON_ADMIN_EMAIL = 'visitor@example.com';

/** Her sign-in by e-mail link and by passkey, and the passkeys she adds and removes. */
export function describeSignIn({ current }: ContractScope): void {
  describe('her sign-in', () => {
    let backend: Backend;
    let subject: ContractSubject;
    beforeEach(() => {
      ({ backend, subject } = current());
    });

    it('refuses a sign-in for an address that is not the admin with forbidden', async () => {
      expect((await rejection(backend.auth.requestLink(NON_ADMIN_EMAIL))).code).toBe('forbidden');
      expect(await backend.auth.current()).toBeNull();
    });

    it('signs the admin in and tells auth listeners', async () => {
      const seen: Array<string | null> = [];
      const stop = backend.auth.onChange((user) => seen.push(user ? user.email : null));
      await subject.signInAsAdmin();
      const user = await backend.auth.current();
      expect(user?.isAdmin).toBe(true);
      expect(seen).toContain(user?.email);
      await backend.auth.signOut();
      expect(await backend.auth.current()).toBeNull();
      expect(seen[seen.length - 1]).toBeNull();
      stop();
    });

    // Passkeys (server/README.md): the e-mail link, then her passkey.

    const device = () => subject.passkeyDevice;

    /** Signs in by link, adds one passkey, signs out; answers the recovery code shown at enrolment. */
    const enrolAndSignOut = async (): Promise<string> => {
      await subject.signInAsAdmin();
      const { recoveryCode } = await backend.auth.addPasskey('Phone');
      await backend.auth.signOut();
      if (!recoveryCode) throw new Error('the first passkey came without a recovery code');
      return recoveryCode;
    };

    it('adds passkeys: the first with a recovery code shown once, a second device without', async () => {
      await subject.signInAsAdmin();
      expect(await backend.auth.listPasskeys()).toEqual({ passkeys: [], hasRecoveryCode: false });
      const first = await backend.auth.addPasskey('  Phone  ');
      expect(first.passkey).toEqual({
        id: expect.any(String),
        name: 'Phone',
        createdAt: expect.any(String),
        lastUsedAt: null,
      });
      expect(first.recoveryCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
      // The same authenticator again: the browser refuses to make a duplicate.
      expect((await rejection(backend.auth.addPasskey('Phone again'))).code).toBe('conflict');
      expect((await rejection(backend.auth.addPasskey(' '))).fieldErrors.name).toEqual(['Required']);

      device().switchToAnother();
      const second = await backend.auth.addPasskey('Laptop');
      expect(second.recoveryCode).toBeNull();
      const list = await backend.auth.listPasskeys();
      expect(list.hasRecoveryCode).toBe(true);
      expect(list.passkeys.map((p) => p.name)).toEqual(['Phone', 'Laptop']);
    });

    it('once she has a passkey the link alone gives no session; her passkey then signs her in', async () => {
      await enrolAndSignOut();
      expect((await rejection(subject.signInAsAdmin())).code).toBe('passkey-required');
      expect(await backend.auth.current()).toBeNull();

      const seen: Array<string | null> = [];
      const stop = backend.auth.onChange((user) => seen.push(user ? user.email : null));
      const user = await backend.auth.signInWithPasskey();
      stop();
      expect(user.isAdmin).toBe(true);
      expect(seen).toEqual([user.email]);
      expect(await backend.auth.current()).toEqual(user);
      expect((await backend.auth.listPasskeys()).passkeys[0]?.lastUsedAt).toEqual(expect.any(String));
    });

    it('a dismissed prompt is cancelled; the recovery code signs her in, once', async () => {
      const code = await enrolAndSignOut();
      await rejection(subject.signInAsAdmin());
      device().dismissNextPrompt();
      expect((await rejection(backend.auth.signInWithPasskey())).code).toBe('cancelled');
      // Another device holds none of her passkeys: its prompt ends the same way.
      device().switchToAnother();
      expect((await rejection(backend.auth.signInWithPasskey())).code).toBe('cancelled');
      expect(await backend.auth.current()).toBeNull();

      expect((await backend.auth.signInWithRecoveryCode(code.toLowerCase())).isAdmin).toBe(true);
      expect((await backend.auth.listPasskeys()).hasRecoveryCode).toBe(false);
      await backend.auth.signOut();
      await rejection(subject.signInAsAdmin());
      expect((await rejection(backend.auth.signInWithRecoveryCode(code))).code).toBe('unauthenticated');
      expect(await backend.auth.current()).toBeNull();
    });

    it('on the device holding her passkey, it alone signs her in; another device is cancelled', async () => {
      await enrolAndSignOut();
      const seen: Array<string | null> = [];
      const stop = backend.auth.onChange((user) => seen.push(user ? user.email : null));
      const user = await backend.auth.signInWithPasskeyAlone();
      stop();
      expect(user.isAdmin).toBe(true);
      expect(seen).toEqual([user.email]);
      expect(await backend.auth.current()).toEqual(user);
      await backend.auth.signOut();

      device().dismissNextPrompt();
      expect((await rejection(backend.auth.signInWithPasskeyAlone())).code).toBe('cancelled');
      device().switchToAnother();
      expect((await rejection(backend.auth.signInWithPasskeyAlone())).code).toBe('cancelled');
      expect(await backend.auth.current()).toBeNull();
    });

    it('neither the passkey nor the recovery code is a way in without the e-mail link first', async () => {
      const code = await enrolAndSignOut();
      expect((await rejection(backend.auth.signInWithPasskey())).code).toBe('unauthenticated');
      expect((await rejection(backend.auth.signInWithRecoveryCode(code))).code).toBe('unauthenticated');
      expect(await backend.auth.current()).toBeNull();
    });

    it('removes a passkey; with none left the link alone signs her in again', async () => {
      await subject.signInAsAdmin();
      const { passkey } = await backend.auth.addPasskey('Phone');
      await backend.auth.removePasskey(passkey.id);
      expect(await backend.auth.listPasskeys()).toEqual({ passkeys: [], hasRecoveryCode: false });
      expect((await rejection(backend.auth.removePasskey(passkey.id))).code).toBe('not-found');
      await backend.auth.signOut();
      await subject.signInAsAdmin();
      expect((await backend.auth.current())?.isAdmin).toBe(true);
    });

    it("gives a visitor none of the admin's passkey calls", async () => {
      expect((await rejection(backend.auth.listPasskeys())).code).toBe('unauthenticated');
      expect((await rejection(backend.auth.addPasskey('Phone'))).code).toBe('unauthenticated');
      expect((await rejection(backend.auth.removePasskey('passkey-1'))).code).toBe('unauthenticated');
    });
  });
}
