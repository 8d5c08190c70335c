// The storage the composition root built (app/storage.ts declares it on the app), closed with the app. On SQLite its
// connection is also `app.db`, for what only SQLite has: the online backup (ops/) and the tests' look at the file.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from './database';
import type { StorageConnection } from '../storage/storage-port';
import type { GroupCommit } from './group-commit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SQLite connection; absent on a storage that is not SQLite. */
    db: Db;
  }
}

/** What a storage on SQLite has beside its stores (app/sqlite-storage.ts builds it). */
export interface SqliteParts {
  readonly kind: 'sqlite';
  readonly db: Db;
  /** Batches writes that arrive in the same turn into one commit (bookings.createOnce and outbox.add use it). */
  readonly commits: GroupCommit;
  /**
   * Whether the database takes a write this instant: its write lock taken and let go, without waiting for another
   * process that holds it.
   */
  takesWritesNow(): boolean;
}

export const isSqlite = <S extends StorageConnection>(storage: S): storage is S & SqliteParts =>
  (storage as Partial<SqliteParts>).kind === 'sqlite';

export default fp(
  async function database(app, { storage }: { storage: FastifyInstance['storage'] }) {
    app.decorate('storage', storage);
    if (isSqlite(storage)) app.decorate('db', storage.db);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'database' },
);
