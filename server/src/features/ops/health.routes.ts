// GET /api/health (docs/architecture.md, operations): 200 when the database takes a write and the data folder's disk
// has room, 503 saying which failed otherwise, for the proxy, the service manager and the operator; the disk is said
// to be full while writes are being refused for lack of room (platform/disk-full.ts). A real write, because a database that
// answers reads can still refuse bookings (locked by another writer, a read-only or full disk). The answer is kept for a second, so polling it cannot become a stream of writes. It names the release, so the
// operator (and `npm run update`'s check) sees which one answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, healthSchema } from '@studio/shared/schemas';
import { diskStateOf, isDiskFull, type DiskFullAlarm } from '../../platform/disk-full';
import type { MailHealth } from '../messaging';
import type { JobStatus } from '../../platform/jobs';
import type { StorageConnection } from '../../platform/storage/storage-port';
import { HttpError } from '../../platform/http/errors';
import { currentRelease, releaseName } from './release';
import { refusals } from '../../platform/http/refusals';

export const DATABASE_FAILING = 'The database does not take writes.';
export const DISK_LOW = "The data folder's disk is almost full.";
export const DISK_FULL = "The data folder's disk is full: bookings and changes cannot be saved.";

const CACHE_MS = 1000;

/** What is wrong, in the words of the 503 answer; empty when healthy. */
export async function checkHealth(
  storage: Pick<StorageConnection, 'probeWrite'>,
  dataDir: string,
  minFreeDiskBytes: number,
  now: () => Date,
  diskFull: DiskFullAlarm,
): Promise<string[]> {
  const problems: string[] = [];
  try {
    await storage.probeWrite(now().toISOString());
  } catch (error) {
    if (!isDiskFull(error)) problems.push(DATABASE_FAILING);
    // A full disk is said once, as the disk's state below.
    else diskFull.note();
  }
  const disk = diskStateOf(dataDir, minFreeDiskBytes, diskFull);
  if (disk !== 'ok') problems.push(disk === 'full' ? DISK_FULL : DISK_LOW);
  return problems;
}

export interface HealthRoutesOptions {
  storage: Pick<StorageConnection, 'probeWrite'>;
  dataDir: string;
  minFreeDiskBytes: number;
  now: () => Date;
  /**
   * The mail's state (features/messaging/mail-queue.ts): 'degraded' while refused mail waits to be sent again. Said in the answer,
   * not as a 503: the site still takes bookings, and a restart would not bring the mail server back.
   */
  mail: () => Promise<MailHealth>;
  /** The background jobs' last passes (platform/jobs.ts): a failing one is named, not a 503, like the mail. */
  jobs: () => JobStatus[];
}

const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { storage, dataDir, minFreeDiskBytes, now, mail, jobs },
) => {
  let last: { at: number; problems: string[]; mail: MailHealth } | undefined;
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: apiErrorSchema, ...refusals } } },
    async (_request, reply) => {
      const at = now().getTime();
      if (!last || Math.abs(at - last.at) >= CACHE_MS)
        last = {
          at,
          problems: await checkHealth(storage, dataDir, minFreeDiskBytes, now, app.diskFull),
          mail: await mail().catch(() => 'degraded' as const),
        };
      reply.header('Cache-Control', 'no-store');
      if (last.problems.length > 0) throw new HttpError(503, last.problems.join(' '));
      const failingJobs = jobs()
        .filter((job) => job.failures > 0)
        .map((job) => job.name);
      return { ok: true as const, version: releaseName(currentRelease()), mail: last.mail, failingJobs };
    },
  );
};

export default healthRoutes;
