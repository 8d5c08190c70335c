// The http adapter's contracts (issue 19): a lazy chunk, loaded when the admin first opens a contract, so no visitor's
// page carries it.
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
  baseUrl: string,
): ContractsPort {
  return {
    states: () => request<Record<string, ContractStatus>>('GET', '/api/admin/contracts/states'),
    forBooking: (bookingId) => request<BookingContracts>('GET', `/api/admin/bookings/${enc(bookingId)}/contracts`),
    create: (bookingId, input) =>
      request<ContractRecord>('POST', `/api/admin/bookings/${enc(bookingId)}/contracts`, input),
    update: (id, input) => request<ContractRecord>('PUT', `/api/admin/contracts/${enc(id)}`, input),
    send: (id) => request<ContractRecord>('POST', `/api/admin/contracts/${enc(id)}/send`, {}),
    pdfUrl: (id) => `${baseUrl}/api/admin/contracts/${enc(id)}/pdf`,
    subscribe: (onChange, onError) => subscribeEvents<ContractRecord>('contract', onChange, onError),
  };
}
