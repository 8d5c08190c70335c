// The remotes' deployed versions, for tests of the admin's Deployments view: a rollback switches the live version and
// records the switch, as the server does (server/src/deploys/remote-deploys.ts; the gate is the server's alone).
import type { Deployments } from '../../schemas/deployment';
import { BackendError, type DeploymentsPort } from '../port';
import type { MemorySession } from './memory-session';
import { copy, type MemoryClock } from './memory-support';

export function createMemoryDeployments(
  seed: Deployments,
  clock: MemoryClock,
  session: MemorySession,
): DeploymentsPort {
  const state = copy(seed);
  return {
    list: async () => {
      session.requireAdmin();
      return copy(state);
    },
    rollback: async (remote, version) => {
      session.requireAdmin();
      const entry = state.remotes.find((r) => r.remote === remote);
      if (!entry?.versions.some((v) => v.version === version)) {
        throw new BackendError('not-found', `${remote} has no version ${version}.`, { status: 404 });
      }
      const record = {
        remote,
        fromVersion: entry.live,
        toVersion: version,
        switchedAt: clock.timestamp(),
        switchedBy: session.current()?.email ?? 'admin',
        kind: 'rollback' as const,
      };
      if (entry.live !== version) {
        entry.previous = entry.live;
        entry.live = version;
        entry.versions = entry.versions.map((v) => ({ ...v, live: v.version === version }));
        entry.history = [record, ...entry.history];
      }
      return copy(record);
    },
  };
}
