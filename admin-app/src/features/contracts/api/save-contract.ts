// Saves the contract form: a new version when there is none to edit, else an edit of the unsigned one.
// The server refuses an edit of a signed contract (409, 'conflict'); the dialog then offers a new version.
import { useMutation, useQueryCache } from '@studio/shared/data';
import type { ContractInput, ContractRecord } from '@studio/shared/domain/contract';
import { contractInputSchema } from '@studio/shared/schemas/contract';
import { putContract } from './get-booking-contracts';

export type SaveContract = { bookingId: string; id: string | null; input: ContractInput };

export function useSaveContract() {
  const cache = useQueryCache();
  return useMutation(async (backend, { bookingId, id, input }: SaveContract): Promise<ContractRecord> => {
    const valid = contractInputSchema.parse(input);
    const contracts = await backend.contracts();
    const saved = id === null ? await contracts.create(bookingId, valid) : await contracts.update(id, valid);
    putContract(cache, saved);
    return saved;
  });
}
