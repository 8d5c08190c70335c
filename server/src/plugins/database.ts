// The SQLite connection the composition root opened, as `app.db` for the routes that run their own transactions
// (routes/bookings.ts), and closed with the app.
import fp from 'fastify-plugin';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp(
  async function database(app, { db }: { db: Db }) {
    app.decorate('db', db);
    app.addHook('onClose', async () => db.close());
  },
  { name: 'database' },
);
