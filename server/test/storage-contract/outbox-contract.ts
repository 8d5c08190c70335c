// The OutboxStore contract (outbox-store.ts): ids that only grow, newest first, attachments kept byte for byte in order
// (one larger than a Firestore document may hold among them), sign-in links redacted once spent or expired, manage
// and signing links once past the outbox's window (so no backup keeps a working link), and old messages purged with
// their files.
import { type OutboxStore, REDACTED } from '../../src/features/messaging/outbox-store';
import { freshStoreEach, together, type MakeStore } from './contract-kit-b';

const TOKEN_A = 'A'.repeat(20) + '_-abcdefghijklmnopqrstu';
const TOKEN_B = 'B'.repeat(20) + '-_abcdefghijklmnopqrstu';
const link = (token: string) => `https://studio.example/finishSignIn?token=${token}`;
const signInMail = (token: string) => ({
  channel: 'mail' as const,
  recipient: 'admin@example.com',
  subject: 'Your sign-in link',
  body: `Sign in: ${link(token)}\nIt works for 15 minutes.`,
});
const redacted = `Sign in: ${link(REDACTED)}\nIt works for 15 minutes.`;

/** Bytes that differ at every offset, so a store that drops, repeats or reorders a chunk is caught. */
const bytes = (length: number, seed: number) => {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed + (i >> 8)) % 256;
  return out;
};

export function describeOutboxStoreContract(make: MakeStore<OutboxStore>) {
  describe('OutboxStore contract', () => {
    const store = freshStoreEach(make);

    it('records messages under growing ids and lists the newest first, up to the limit', async () => {
      const first = await store().add(
        { channel: 'sms', recipient: '+15551234567', subject: '', body: 'Confirmed' },
        '2026-11-21T10:00:00.000Z',
      );
      const second = await store().add(signInMail(TOKEN_A), '2026-11-21T10:01:00.000Z');
      const third = await store().add(signInMail(TOKEN_B), '2026-11-21T10:00:30.000Z');
      expect(first).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(first);
      expect(third).toBeGreaterThan(second);
      expect(await store().list(2)).toEqual([
        { id: third, ...signInMail(TOKEN_B), createdAt: '2026-11-21T10:00:30.000Z' },
        { id: second, ...signInMail(TOKEN_A), createdAt: '2026-11-21T10:01:00.000Z' },
      ]);
      expect((await store().list(100)).map((m) => m.id)).toEqual([third, second, first]);
    });

    it('records nothing for a kept mail the mail queue no longer has (another pass recorded it)', async () => {
      expect(await store().addFromQueue(424242, signInMail(TOKEN_A), '2026-11-21T10:00:00.000Z')).toBeNull();
      expect(await store().list(10)).toEqual([]);
    });

    it('gives six messages added at once six different ids', async () => {
      const ids = await together(6, (i) =>
        store().add(
          { channel: 'mail', recipient: `c${i}@example.com`, subject: 's', body: 'b' },
          '2026-11-21T10:00:00.000Z',
        ),
      );
      expect(new Set(ids).size).toBe(6);
      expect((await store().list(100)).map((m) => m.id)).toEqual([...ids].sort((a, b) => b - a));
    });

    it('keeps all of 40 messages added at once (a burst of bookings), none lost, each under its own id', async () => {
      const ids = await together(40, (i) =>
        store().add(
          { channel: i % 2 ? 'sms' : 'mail', recipient: `c${i}@example.com`, subject: `s${i}`, body: `b${i}` },
          '2026-11-21T10:00:00.000Z',
        ),
      );
      expect(new Set(ids).size).toBe(40);
      const listed = await store().list(100);
      expect(listed).toHaveLength(40);
      // Newest (highest id) first, and each id names the message it was given for.
      expect(listed.map((m) => m.id)).toEqual([...ids].sort((a, b) => b - a));
      for (const [i, id] of ids.entries()) expect(listed.find((m) => m.id === id)?.recipient).toBe(`c${i}@example.com`);
      // One added after the burst has settled comes after every one of it.
      const after = await store().add(signInMail(TOKEN_A), '2026-11-21T10:00:01.000Z');
      expect(after).toBeGreaterThan(Math.max(...ids));
      expect((await store().list(1))[0]?.id).toBe(after);
    });

    it('keeps attachments in order, byte for byte, a 2.5 MB one included', async () => {
      const invite = {
        filename: 'invite.ics',
        contentType: 'text/calendar',
        content: Buffer.from('BEGIN:VCALENDAR\r\n'),
      };
      const pdf = { filename: 'contract-v1-signed.pdf', contentType: 'application/pdf', content: bytes(2_500_000, 3) };
      const empty = { filename: 'empty.txt', contentType: 'text/plain', content: Buffer.alloc(0) };
      const id = await store().add(
        { channel: 'mail', recipient: 'c@example.com', subject: 'Signed', body: 'Attached.' },
        '2026-11-21T10:00:00.000Z',
        [invite, pdf, empty],
      );
      expect(await store().attachments(id)).toEqual([
        { filename: 'invite.ics', contentType: 'text/calendar', size: invite.content.length },
        { filename: 'contract-v1-signed.pdf', contentType: 'application/pdf', size: 2_500_000 },
        { filename: 'empty.txt', contentType: 'text/plain', size: 0 },
      ]);
      const read = await store().attachment(id, 1);
      expect(read?.filename).toBe('contract-v1-signed.pdf');
      expect(read?.contentType).toBe('application/pdf');
      expect(Buffer.compare(Buffer.from(read?.content ?? []), pdf.content)).toBe(0);
      expect(Buffer.from((await store().attachment(id, 0))?.content ?? []).toString()).toBe('BEGIN:VCALENDAR\r\n');
      expect((await store().attachment(id, 2))?.content.length).toBe(0);
      expect(await store().attachment(id, 3)).toBeNull();
      expect(await store().attachments(id + 1)).toEqual([]);
      expect(await store().attachment(id + 1, 0)).toBeNull();
    });

    it('redacts a spent token in the mail that carried it, once', async () => {
      const spent = await store().add(signInMail(TOKEN_A), '2026-11-21T10:00:00.000Z');
      const other = await store().add(signInMail(TOKEN_B), '2026-11-21T10:00:00.000Z');
      expect(await store().redactSignInToken(TOKEN_A)).toBe(1);
      expect(await store().redactSignInToken(TOKEN_A)).toBe(0);
      expect(await store().redactSignInToken('C'.repeat(43))).toBe(0);
      const byId = new Map((await store().list(10)).map((m) => [m.id, m.body]));
      expect(byId.get(spent)).toBe(redacted);
      expect(byId.get(other)).toBe(signInMail(TOKEN_B).body);
    });

    it('redacts every link of a mail that carried the spent one', async () => {
      const id = await store().add(
        { ...signInMail(TOKEN_A), body: `${link(TOKEN_A)} or ${link(TOKEN_B)}` },
        '2026-11-21T10:00:00.000Z',
      );
      expect(await store().redactSignInToken(TOKEN_A)).toBe(1);
      expect((await store().list(1))[0]).toMatchObject({ id, body: `${link(REDACTED)} or ${link(REDACTED)}` });
    });

    it('redacts the links issued before a time that are not redacted yet', async () => {
      const old = await store().add(signInMail(TOKEN_A), '2026-11-21T10:00:00.000Z');
      const alreadyRedacted = await store().add(signInMail(TOKEN_B), '2026-11-21T10:00:00.000Z');
      await store().redactSignInToken(TOKEN_B);
      const noLink = await store().add(
        { channel: 'mail', recipient: 'c@example.com', subject: 'Hello', body: 'No link here.' },
        '2026-11-21T10:00:00.000Z',
      );
      const atBound = await store().add(signInMail('D'.repeat(43)), '2026-11-21T10:15:00.000Z');
      expect(await store().redactLinksIssuedBefore('2026-11-21T10:15:00.000Z')).toBe(1);
      const byId = new Map((await store().list(10)).map((m) => [m.id, m.body]));
      expect(byId.get(old)).toBe(redacted);
      expect(byId.get(alreadyRedacted)).toBe(redacted);
      expect(byId.get(noLink)).toBe('No link here.');
      expect(byId.get(atBound)).toBe(signInMail('D'.repeat(43)).body);
      expect(await store().redactLinksIssuedBefore('2026-11-21T10:15:00.000Z')).toBe(0);
    });

    it('redacts the manage and signing links kept before a time as it does the sign-in links', async () => {
      const clientMail = (body: string) => ({
        channel: 'mail' as const,
        recipient: 'c@example.com',
        subject: 'Yours',
        body,
      });
      const manage = (token: string) =>
        `See, cancel or move it: https://studio.example/manage-booking#${token}\nThanks.`;
      const signing = (token: string) =>
        `Read and sign: https://studio.example/contracts/sign/${token}\nThe PDF: https://studio.example/contracts/sign/${token}/pdf`;
      const oldManage = await store().add(clientMail(manage(TOKEN_A)), '2026-11-21T10:00:00.000Z');
      const oldSigning = await store().add(clientMail(signing(TOKEN_B)), '2026-11-21T10:14:59.999Z');
      const recent = await store().add(clientMail(manage('D'.repeat(43))), '2026-11-21T10:15:00.000Z');
      expect(await store().redactLinksIssuedBefore('2026-11-21T10:15:00.000Z')).toBe(2);
      const byId = new Map((await store().list(10)).map((m) => [m.id, m.body]));
      expect(byId.get(oldManage)).toBe(manage(REDACTED));
      expect(byId.get(oldSigning)).toBe(signing(REDACTED));
      expect(byId.get(recent)).toBe(manage('D'.repeat(43)));
      expect(await store().redactLinksIssuedBefore('2026-11-21T10:15:00.000Z')).toBe(0);
    });

    it('purges the messages recorded before a time, with their attachments', async () => {
      const old = await store().add(
        { channel: 'mail', recipient: 'c@example.com', subject: 'Old', body: 'old' },
        '2026-11-01T10:00:00.000Z',
        [{ filename: 'a.pdf', contentType: 'application/pdf', content: bytes(1_200_000, 1) }],
      );
      const kept = await store().add(
        { channel: 'sms', recipient: '+15551234567', subject: '', body: 'kept' },
        '2026-11-08T10:00:00.000Z',
      );
      expect(await store().purgeBefore('2026-11-08T10:00:00.000Z')).toBe(1);
      expect((await store().list(10)).map((m) => m.id)).toEqual([kept]);
      expect(await store().attachments(old)).toEqual([]);
      expect(await store().attachment(old, 0)).toBeNull();
      expect(await store().purgeBefore('2026-11-08T10:00:00.000Z')).toBe(0);
      // Ids keep growing after a purge: a new message never takes a purged one's id.
      expect(await store().add(signInMail(TOKEN_A), '2026-11-09T10:00:00.000Z')).toBeGreaterThan(kept);
    });
  });
}
