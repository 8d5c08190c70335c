// The contract signing rules on the Firebase home (the right signer, a signature on the client's behalf, a void
// contract): the same signing route (server/src/features/contracts/contract-signing.routes.ts) on the server's
// Firestore storage (the emulator), driven over HTTP as the client's browser posts its form. Another name is refused
// and nothing is stored; a signature on the client's behalf with a role is kept with its audit line; a
// contract whose booking was declined or cancelled is void (409) and nothing is signed or mailed. The SQLite home runs
// the same cases in server/test/contract-signer.test.ts; the store's own void check in its transaction is in the
// storage contract (storage-b.test.ts).
import type { BookingStatus } from '@studio/shared/domain';
import { EMPTY_CONTRACT_DEAL } from '@studio/shared/domain/contract';
import { newSigningToken, signingPath, signingTokenHash } from '../../../server/src/features/contracts/contracts';
import { newBooking, storeBooking } from '../../../server/test/storage-contract/bookings-contract';
import { ORIGIN, serverOnFirestore, type ServerOnFirestore } from './http-harness';
import { freshFirestore } from './storage-support';

let server: ServerOnFirestore;
beforeEach(async () => {
  server = await serverOnFirestore(freshFirestore('signer'));
});
afterEach(async () => {
  await server.close();
});

const admin = { actor: 'ava@example.com', ip: '127.0.0.1', userAgent: 'jest' };

/** A Confirmed booking of Jordan Lee's with its contract sent: the signing link's path and the contract's id. */
async function sentContract() {
  const { storage } = server;
  const booking = await storeBooking(storage.bookings, newBooking({ name: 'Jordan Lee', status: 'Confirmed' }));
  const form = {
    clientName: 'Jordan Lee',
    modelName: 'Ava Stone',
    effectiveDate: '2026-12-01',
    serviceType: 'Photoshoot',
    timeline: '2',
    governingLaw: 'New York',
  };
  const at = new Date().toISOString();
  const deal = { ...EMPTY_CONTRACT_DEAL, client: { email: booking.email, phone: '' } };
  const created = await storage.contracts.create(booking.id, { form, deal, paperSize: 'a4' }, at, {
    type: 'created',
    ...admin,
  });
  const token = newSigningToken();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  await storage.contracts.send(created.id, signingTokenHash(token), expires, at, { type: 'sent', ...admin });
  return { booking, contractId: created.id, url: `${server.baseUrl}${signingPath(token)}` };
}

const post = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams(form).toString(),
  });

const signedMails = async () =>
  (await server.storage.outbox.list(100)).filter((m) => m.subject.startsWith('Signed:')).length;

it('refuses another name on the name field and stores nothing', async () => {
  const { contractId, url } = await sentContract();
  const res = await post(url, { contractId, fullName: 'Mickey Mouse', consent: 'yes' });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('This is not the client’s name. Type the name on the booking, Jordan Lee,');
  expect((await server.storage.contracts.find(contractId))?.status).toBe('sent');
  expect(await signedMails()).toBe(0);
});

it('signs on the client’s behalf with a role, kept in the audit trail', async () => {
  const { contractId, url } = await sentContract();
  const res = await post(url, { contractId, fullName: 'Sam Park', onBehalf: 'yes', role: 'Assistant', consent: 'yes' });
  expect(res.status).toBe(200);
  const signed = await server.storage.contracts.find(contractId);
  expect(signed).toMatchObject({ status: 'signed', signerName: 'Sam Park' });
  expect(signed?.events.at(-1)).toMatchObject({
    type: 'signed',
    actor: 'Sam Park',
    role: 'Assistant',
    onBehalfOf: 'Jordan Lee',
  });
});

it.each<[BookingStatus, string]>([
  ['Declined', 'declined'],
  ['Cancelled', 'cancelled'],
])('a contract whose booking is %s is void: 409, nothing signed, nothing mailed', async (status, word) => {
  const { booking, contractId, url } = await sentContract();
  await server.storage.bookings.updateStatus(booking.id, status, new Date().toISOString());
  const page = await fetch(url);
  expect(page.status).toBe(409);
  const body = await page.text();
  expect(body).toContain(`This contract is void because the booking was ${word}.`);
  expect(body).not.toContain('<form');
  const res = await post(url, { contractId, fullName: 'Jordan Lee', consent: 'yes' });
  expect(res.status).toBe(409);
  const contract = await server.storage.contracts.find(contractId);
  expect(contract?.status).toBe('sent');
  expect(contract?.events.map((e) => e.type)).not.toContain('signed');
  expect(await signedMails()).toBe(0);
});
