// The deployments port over the embedded server's admin API (server/README.md, deployments). Its own module, imported
// only by the admin's Deployments view, so no visitor's page carries it (the shell's first load is at its budget).
import type { Deployments, RemoteName, SwitchRecord, VersionPreview } from '../../api/deploys';
import type { Backend, DeploymentsPort } from '../port';
import { createRequester } from './request';

let http: DeploymentsPort | undefined;

/**
 * The backend's deployments: its own port when it carries one, none when it says null, and otherwise (the http
 * adapter, which leaves the key out) the server's deployments API.
 */
export function deploymentsOf(backend: Backend): DeploymentsPort | null {
  if (backend.deployments !== undefined) return backend.deployments;
  if (!http) {
    const request = createRequester({ baseUrl: '' });
    http = {
      list: () => request<Deployments>('GET', '/api/admin/deployments'),
      rollback: (remote: RemoteName, version: string) =>
        request<SwitchRecord>('POST', `/api/admin/deployments/${remote}/live`, { version }),
      preview: (remote: RemoteName, version: string) =>
        request<VersionPreview>('POST', `/api/admin/deployments/${remote}/versions/${version}/preview`, {}),
    };
  }
  return http;
}
