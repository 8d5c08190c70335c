// The http adapter's contracts (issue 19): in the live streams' lazy chunk (live.ts re-exports it), loaded when the
// dashboard opens, so no visitor's page carries it.
import type { BookingContracts, ContractRecord, ContractStatus } from '../../domain/contract';
import type { BackendError, ContractsPort, Unsubscribe } from '../port';
import type { createRequester } from './request';

const enc = encodeURIComponent;

export function createHttpContracts(
  request: ReturnType<typeof createRequester>,
  subscribeEvents: <T>(
    event: string,
    onChange: (value: T) => void,
    onError: (error: BackendError) => void,
  ) => Unsubscribe,
  /** The API's base, `${baseUrl}/api`. */
  api: string,
): ContractsPort {
  return {
    states: () => request<Record<string, ContractStatus>>('GET', '/api/admin/contracts/states'),
    forBooking: (bookingId) => request<BookingContracts>('GET', `/api/admin/bookings/${enc(bookingId)}/contracts`),
    create: (bookingId, input) =>
      request<ContractRecord>('POST', `/api/admin/bookings/${enc(bookingId)}/contracts`, input),
    update: (id, input) => request<ContractRecord>('PUT', `/api/admin/contracts/${enc(id)}`, input),
    send: (id) => request<ContractRecord>('POST', `/api/admin/contracts/${enc(id)}/send`, {}),
    pdfUrl: (id) => `${api}/admin/contracts/${enc(id)}/pdf`,
    subscribe: (onChange, onError) => subscribeEvents<ContractRecord>('contract', onChange, onError),
  };
}
