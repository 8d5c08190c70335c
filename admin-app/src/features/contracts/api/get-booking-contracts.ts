// A booking's contracts: its versions, newest first, and the deal from the booking. The live stream's
// contract changes and every write's answer are merged into the cached read, so the dialog follows a view or a
// signature as it happens.
import { useQuery, type QueryCache } from '@studio/shared/data';
import type { BookingContracts, ContractRecord, ContractStatus } from '@studio/shared/domain/contract';
import { adminKey } from '../../../lib/query-keys';
import { clientActionsKey } from '../../client-actions/api/client-actions';

export const contractsKey = [...adminKey, 'contracts'] as const;
export const bookingContractsKey = (bookingId: string) => [...contractsKey, 'booking', bookingId] as const;
export const contractStatesKey = [...contractsKey, 'states'] as const;

export const useBookingContracts = (bookingId: string) =>
  useQuery(bookingContractsKey(bookingId), async (backend) => (await backend.contracts()).forBooking(bookingId));

/** Writes a contract as it now is into the cached reads that show it (its booking's versions, the cards' states). */
export function putContract(cache: QueryCache, contract: ContractRecord) {
  // A client opening or signing it is a client action: the badge reads its count again.
  cache.invalidate(clientActionsKey);
  const key = bookingContractsKey(contract.bookingId);
  const read = cache.read<BookingContracts>(key);
  if (read.status === 'ready') {
    const others = read.data.contracts.filter((c) => c.id !== contract.id);
    const contracts = [...others, contract].sort((a, b) => b.version - a.version);
    cache.set<BookingContracts>(key, { ...read.data, contracts });
  }
  const states = cache.read<Record<string, ContractStatus>>(contractStatesKey);
  if (states.status === 'ready') {
    const latest =
      read.status === 'ready' ? Math.max(contract.version, ...read.data.contracts.map((c) => c.version)) : 0;
    // An older version's change does not change the booking's state (its latest version's).
    if (contract.version >= latest)
      cache.set(contractStatesKey, { ...states.data, [contract.bookingId]: contract.status });
  }
}
