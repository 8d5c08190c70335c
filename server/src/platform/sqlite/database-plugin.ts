// The storage the composition root built (platform/storage/ports.ts), closed with the app. On SQLite its connection is
// also `app.db`, for what only SQLite has: the online backup (ops/) and the tests' look at the file.
import fp from 'fastify-plugin';
import type { Db } from './database';
import type { Storage } from '../storage/ports';
import type { GroupCommit } from './group-commit';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    /** The SQLite connection; absent on a storage that is not SQLite. */
    db: Db;
  }
}

/** The SQLite storage (app/sqlite-storage.ts builds it): the stores, and what only SQLite has. */
export interface SqliteStorage extends Storage {
  readonly kind: 'sqlite';
  readonly db: Db;
  /** Batches writes that arrive in the same turn into one commit (bookings.createOnce and outbox.add use it). */
  readonly commits: GroupCommit;
}

export const isSqlite = (storage: Storage): storage is SqliteStorage =>
  (storage as Partial<SqliteStorage>).kind === 'sqlite';

export default fp(
  async function database(app, { storage }: { storage: Storage }) {
    app.decorate('storage', storage);
    if (isSqlite(storage)) app.decorate('db', storage.db);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'database' },
);
