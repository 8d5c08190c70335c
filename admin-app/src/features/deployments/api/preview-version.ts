// Asks the server for a signed, expiring preview address of a kept version (docs/deploy.md, "Previews and integrity").
import { useMutation } from '@studio/shared/data';
import { BackendError } from '@studio/shared/data';
import { deploymentsOf } from '@studio/shared/backend/http/deployments';
import type { RemoteName } from '@studio/shared/schemas/deployment';

export const usePreviewVersion = () =>
  useMutation((backend, { remote, version }: { remote: RemoteName; version: string }) => {
    const port = deploymentsOf(backend);
    if (!port) return Promise.reject(new BackendError('not-supported', 'This site has no deployments to preview.'));
    return port.preview(remote, version);
  });
