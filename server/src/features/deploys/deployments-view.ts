// What the deploy API and the admin's Deployments view answer about a remote's versions, and how a refused switch
// is answered: shared by features/deploys/deploy.routes.ts and routes/admin-deployments.ts.
import type { RemoteDeployments, RemoteName } from '@studio/shared/schemas/deployment';
import { SwitchError } from './deploys-store';
import { GateRefused, VersionMissing, type RemoteDeploys } from './remote-deploys';

export async function deploymentsOf(deploys: RemoteDeploys, remote: RemoteName): Promise<RemoteDeployments> {
  const { live, previous, versions, missing, history } = await deploys.list(remote);
  return {
    remote,
    live,
    previous,
    versions: versions.map((v) => ({
      version: v.version,
      createdAt: v.createdAt,
      deployedBy: v.deployedBy,
      tokenLabel: v.tokenLabel,
      live: v.version === live,
      missing: missing.includes(v.version),
      files: v.summary.files,
      bytes: v.summary.bytes,
    })),
    history: history.map((h) => ({ ...h, remote })),
  };
}

/**
 * The status of a switch the site refused: an unknown version 404, nothing to roll back to or a version whose files
 * are missing 409, the gate 422.
 */
export function switchErrorStatus(error: unknown): 404 | 409 | 422 | undefined {
  if (error instanceof GateRefused) return 422;
  if (error instanceof VersionMissing) return 409;
  if (error instanceof SwitchError) return error.reason === 'unknown-version' ? 404 : 409;
  return undefined;
}
