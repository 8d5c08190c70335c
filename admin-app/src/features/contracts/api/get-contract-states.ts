// Each booking's contract state for the booking cards (draft, sent, viewed, signed), live: read once, then
// every contract change from the admin's stream is written in, so 'signed' shows the moment the client signs.
import { useState } from 'react';
import { useQuery } from '@studio/shared/data';
import type { ContractRecord } from '@studio/shared/domain/contract';
import { useLiveChanges } from '../../../lib/use-live-query';
import { contractStatesKey, putContract } from './get-booking-contracts';

export function useContractStates() {
  const [live, setLive] = useState(false);
  const stream = useLiveChanges<ContractRecord | 'open'>(
    (backend, onChange, onError) => {
      let stopped = false;
      let stop: (() => void) | undefined;
      backend.contracts().then((contracts) => {
        if (stopped) return;
        stop = contracts.subscribe(onChange, onError);
        // Read the states once the stream is listening, so no change falls between the read and the stream.
        onChange('open');
      }, onError);
      return () => {
        stopped = true;
        stop?.();
      };
    },
    (change, cache) => {
      if (change === 'open') setLive(true);
      else putContract(cache, change);
    },
  );
  const states = useQuery(contractStatesKey, async (backend) => (await backend.contracts()).states(), {
    enabled: live,
  });
  return { states, error: stream.error };
}
