// The address of a stored contract version's PDF, for the dialog's PDF link. The contract calls are a lazy
// chunk of the http adapter, so even an address waits for it; a backend without contracts (Firebase today) rejects,
// and the dialog then offers Print only.
import { useQuery } from '@studio/shared/data';
import { contractsKey } from './get-booking-contracts';

export const contractPdfUrlKey = (contractId: string) => [...contractsKey, 'pdf-url', contractId] as const;

/** The PDF address of the contract version `contractId`; nothing is asked while no version is stored (null). */
export const useContractPdfUrl = (contractId: string | null) =>
  useQuery(
    contractPdfUrlKey(contractId ?? ''),
    async (backend) => (await backend.contracts()).pdfUrl(contractId ?? ''),
    { enabled: contractId !== null },
  );
