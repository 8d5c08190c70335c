// Makes a kept version of a remote live again; the list is read again.
import { useMutation } from '@studio/shared/data';
import { BackendError } from '@studio/shared/data';
import { deploymentsOf } from '@studio/shared/backend/http/deployments';
import type { RemoteName } from '@studio/shared/schemas/deployment';
import { deploymentsKey } from './get-deployments';

export const useRollBack = () =>
  useMutation(
    (backend, { remote, version }: { remote: RemoteName; version: string }) => {
      const port = deploymentsOf(backend);
      if (!port) return Promise.reject(new BackendError('not-supported', 'This site has no deployments to switch.'));
      return port.rollback(remote, version);
    },
    { invalidates: [deploymentsKey] },
  );
