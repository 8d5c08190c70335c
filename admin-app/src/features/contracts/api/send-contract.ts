// Sends the contract for signature: the client is e-mailed her private link; the model's signature is
// applied now. Only after the admin confirmed in the dialog.
import { useMutation, useQueryCache } from '@studio/shared/data';
import { putContract } from './get-booking-contracts';

export function useSendContract() {
  const cache = useQueryCache();
  return useMutation(async (backend, id: string) => {
    const sent = await (await backend.contracts()).send(id);
    putContract(cache, sent);
    return sent;
  });
}
