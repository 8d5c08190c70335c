// The SQLite connection the composition root opened, as `app.db` for the routes that run their own transactions
// (routes/bookings.ts), with `app.commits` to batch a busy route's writes into shared commits (lib/group-commit.ts),
// and closed with the app.
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { createGroupCommit, type GroupCommit } from '../lib/group-commit';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    commits: GroupCommit;
  }
}

export default fp(
  async function database(app, { db }: { db: Db }) {
    app.decorate('db', db);
    app.decorate('commits', createGroupCommit(db));
    app.addHook('onClose', async () => db.close());
  },
  { name: 'database' },
);
