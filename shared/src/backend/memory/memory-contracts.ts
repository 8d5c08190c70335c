// Contracts in memory (issue 19), following the server's rules: admin only, one unsigned version per booking at a
// time ('conflict' otherwise), a signed version frozen ('conflict' on edit), an edit of a sent version taking it back
// to a draft. signAsClient stands in for the client's signing page, which only the server has.
import { CONTRACT_LINK_DAYS, contractDealOf, type ContractEvent, type ContractRecord } from '../../domain/contract';
import type { BookingRequest, Service } from '../../domain/types';
import { contractInputSchema } from '../../schemas/contract';
import { BackendError, type BookingsPort, type ContractsPort, type Unsubscribe } from '../port';
import type { MemorySession } from './memory-session';
import { copy, notify, parseOrThrow, type MemoryClock } from './memory-support';

export const CONTRACT_NOT_FOUND = 'Contract not found';
export const CONTRACT_SIGNED =
  'This contract is signed and can no longer be changed. Start a new version to change it; the signed one stays as it is.';
export const CONTRACT_OPEN_VERSION =
  'This booking already has a contract that is not signed yet. Edit that one, or wait until it is signed.';

export type MemoryContracts = ContractsPort & {
  /** The client signs through her link (the signing page): for tests of what the admin then sees. */
  signAsClient(id: string, fullName: string): ContractRecord;
};

export function createMemoryContracts(deps: {
  clock: MemoryClock;
  session: MemorySession;
  bookings: BookingsPort;
  services: () => readonly Service[];
  adminEmail: string;
}): MemoryContracts {
  const { clock, session } = deps;
  const contracts: ContractRecord[] = [];
  const listeners = new Set<(contract: ContractRecord) => void>();
  const changed = (contract: ContractRecord) => {
    contract.updatedAt = clock.timestamp();
    notify(listeners, () => copy(contract));
    return copy(contract);
  };
  const event = (type: ContractEvent['type'], actor = deps.adminEmail): ContractEvent => ({
    type,
    at: clock.timestamp(),
    actor,
    ip: '127.0.0.1',
    userAgent: 'memory',
  });
  const find = (id: string) => {
    session.requireAdmin();
    const contract = contracts.find((c) => c.id === id);
    if (!contract) throw new BackendError('not-found', CONTRACT_NOT_FOUND, { status: 404 });
    return contract;
  };
  async function booking(id: string): Promise<BookingRequest> {
    for (
      let cursor: string | undefined, page;
      (page = await deps.bookings.list({ cursor }));
      cursor = page.nextCursor
    ) {
      const found = page.items.find((b) => b.id === id);
      if (found) return found;
      if (page.nextCursor === null) break;
    }
    throw new BackendError('not-found', 'Booking not found', { status: 404 });
  }
  const dealOf = (b: BookingRequest) =>
    contractDealOf(
      b,
      deps
        .services()
        .find((s) => s.id === b.serviceId)
        ?.tiers.find((t) => t.id === b.serviceTierId),
      { email: deps.adminEmail, phone: '' },
    );
  const newestFirst = (bookingId: string) =>
    contracts.filter((c) => c.bookingId === bookingId).sort((a, b) => b.version - a.version);
  const conflict = (message: string) => new BackendError('conflict', message, { status: 409 });

  return {
    states: async () => {
      session.requireAdmin();
      const states: Record<string, ContractRecord['status']> = {};
      for (const c of [...contracts].sort((a, b) => a.version - b.version)) states[c.bookingId] = c.status;
      return states;
    },
    forBooking: async (bookingId) => {
      session.requireAdmin();
      return copy({ deal: dealOf(await booking(bookingId)), contracts: newestFirst(bookingId) });
    },
    create: async (bookingId, input) => {
      session.requireAdmin();
      const parsed = parseOrThrow(contractInputSchema, input);
      const b = await booking(bookingId);
      const latest = newestFirst(bookingId)[0];
      if (latest && latest.status !== 'signed') throw conflict(CONTRACT_OPEN_VERSION);
      const at = clock.timestamp();
      const contract: ContractRecord = {
        id: clock.newId('contract'),
        bookingId,
        version: (latest?.version ?? 0) + 1,
        status: 'draft',
        ...parsed,
        deal: dealOf(b),
        createdAt: at,
        updatedAt: at,
        sentAt: null,
        linkExpiresAt: null,
        signedAt: null,
        signerName: null,
        documentHash: null,
        signedPdfHash: null,
        events: [event('created')],
      };
      contracts.push(contract);
      return changed(contract);
    },
    update: async (id, input) => {
      const contract = find(id);
      const parsed = parseOrThrow(contractInputSchema, input);
      if (contract.status === 'signed') throw conflict(CONTRACT_SIGNED);
      Object.assign(contract, parsed, { status: 'draft', sentAt: null, linkExpiresAt: null });
      contract.events.push(event('edited'));
      return changed(contract);
    },
    send: async (id) => {
      const contract = find(id);
      if (contract.status === 'signed') throw conflict(CONTRACT_SIGNED);
      const at = clock.now();
      Object.assign(contract, {
        status: 'sent',
        sentAt: at.toISOString(),
        linkExpiresAt: new Date(at.getTime() + CONTRACT_LINK_DAYS * 86_400_000).toISOString(),
      });
      contract.events.push(event('sent'));
      return changed(contract);
    },
    pdfUrl: (id) => `/api/admin/contracts/${encodeURIComponent(id)}/pdf`,
    subscribe: (onChange, onError): Unsubscribe => {
      if (!session.current()?.isAdmin) {
        onError(new BackendError('unauthenticated', 'Please sign in.', { status: 401 }));
        return () => {};
      }
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    signAsClient: (id, fullName) => {
      const contract = contracts.find((c) => c.id === id);
      if (!contract || (contract.status !== 'sent' && contract.status !== 'viewed')) throw conflict(CONTRACT_SIGNED);
      const at = clock.timestamp();
      Object.assign(contract, {
        status: 'signed',
        signedAt: at,
        signerName: fullName,
        documentHash: '0'.repeat(64),
        signedPdfHash: '1'.repeat(64),
        linkExpiresAt: null,
      });
      contract.events.push(event('signed', fullName));
      return changed(contract);
    },
  };
}
