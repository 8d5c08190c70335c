// What clients do on their own (migration 023) in SQLite (ClientActionsStore, client-actions-store.ts). Each call is
// one statement or one transaction, so two digest timers racing on a day cannot both take its actions.
import { randomUUID } from 'node:crypto';
import type { ClientAction, ClientActionKind } from '@studio/shared/domain/client-actions';
import type { Db } from '../../platform/sqlite/database';
import type { ClientActionsStore, NewClientAction } from './client-actions-store';

interface Row {
  id: string;
  kind: ClientActionKind;
  booking_id: string | null;
  client_name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  detail: string;
  at: string;
  seen_at: string | null;
}

const COLUMNS = 'id, kind, booking_id, client_name, email, phone, service, date, detail, at, seen_at';

const actionOf = (r: Row): ClientAction => ({
  id: r.id,
  kind: r.kind,
  bookingId: r.booking_id,
  clientName: r.client_name,
  email: r.email,
  phone: r.phone,
  service: r.service,
  date: r.date,
  detail: r.detail,
  at: r.at,
  seenAt: r.seen_at,
});

export function createClientActionsRepository(db: Db): ClientActionsStore {
  const insert = db.prepare(
    `INSERT INTO client_actions (id, kind, booking_id, client_name, email, phone, service, date, detail, at, delivery)
     VALUES (@id, @kind, @bookingId, @clientName, @email, @phone, @service, @date, @detail, @at, @delivery)`,
  );
  const unseen = db.prepare('SELECT COUNT(*) AS n FROM client_actions WHERE seen_at IS NULL');
  const recent = db.prepare(`SELECT ${COLUMNS} FROM client_actions ORDER BY at DESC, seq DESC LIMIT ?`);
  const seeAll = db.prepare('UPDATE client_actions SET seen_at = ? WHERE seen_at IS NULL');
  const seeBooking = db.prepare('UPDATE client_actions SET seen_at = ? WHERE seen_at IS NULL AND booking_id = ?');
  const claimDay = db.prepare('INSERT INTO client_action_digests (day, taken_at) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const takeWaiting = db.prepare(
    `UPDATE client_actions SET digest_day = ? WHERE delivery = 'digest' AND digest_day IS NULL
     RETURNING ${COLUMNS}, seq`,
  );
  const takeDigest = db.transaction((day: string, at: string): ClientAction[] => {
    if (claimDay.run(day, at).changes === 0) return [];
    const taken = takeWaiting.all(day) as Array<Row & { seq: number }>;
    return taken.sort((a, b) => a.at.localeCompare(b.at) || a.seq - b.seq).map(actionOf);
  });
  const putBack = db.prepare('UPDATE client_actions SET digest_day = NULL WHERE digest_day = ?');
  const forgetDay = db.prepare('DELETE FROM client_action_digests WHERE day = ?');
  const releaseDigest = db.transaction((day: string) => {
    putBack.run(day);
    forgetDay.run(day);
  });

  return {
    async add(action: NewClientAction) {
      const id = randomUUID();
      insert.run({ ...action, id });
      const { delivery: _delivery, ...stored } = action;
      return { ...stored, id, seenAt: null };
    },
    async unseenCount() {
      return (unseen.get() as { n: number }).n;
    },
    async recent(limit) {
      return (recent.all(limit) as Row[]).map(actionOf);
    },
    async markSeen(at, bookingId) {
      return (bookingId === undefined ? seeAll.run(at) : seeBooking.run(at, bookingId)).changes;
    },
    async takeDigest(day, at) {
      return takeDigest(day, at);
    },
    async releaseDigest(day) {
      releaseDigest(day);
    },
  };
}
