// The storage contract suites of the bookings, availability, content, settings, held-notification and media-row
// stores, run on SQLite (a database of its own per case, in a temporary folder). The same suites run on Firestore in
// firebase/test/emulator/storage-a.test.ts.
//
// Interim: the SQLite stores that implement the port (repositories/*-repository.ts returning the port's interfaces,
// sqlite-storage.ts) are being written on another branch. Until they land, each store here is today's synchronous
// repository behind the port's interface, with createOnce as the transaction POST /api/bookings runs today. Once they
// land, `make` becomes `sqliteStorageOn(openDatabase(dir))` and its stores, and the adapters below go.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/db/database';
import { createAvailabilityRepository } from '../../src/repositories/availability-repository';
import {
  createBookingsRepository,
  InvalidCursorError as RepositoryCursorError,
} from '../../src/repositories/bookings-repository';
import { createContentRepository } from '../../src/repositories/content-repository';
import { createHeldNotificationsRepository } from '../../src/repositories/held-notifications-repository';
import { createMediaRepository } from '../../src/repositories/media-repository';
import {
  InvalidCursorError,
  type AvailabilityStore,
  type BookingsStore,
  type ConfirmedDates,
  type ContentStore,
  type CreateOnceRequest,
  type CreateOnceResult,
  type DateRange,
  type HeldNotificationsStore,
  type MediaRowsStore,
  type SettingsStore,
} from '../../src/repositories/ports';
import { createSettingsRepository } from '../../src/repositories/settings-repository';
import { describeAvailabilityStoreContract } from './availability-contract';
import { describeBookingsStoreContract, type Made } from './bookings-contract';
import { describeContentStoreContract } from './content-contract';
import { describeHeldNotificationsStoreContract } from './held-notifications-contract';
import { describeMediaRowsStoreContract } from './media-contract';
import { describeSettingsStoreContract } from './settings-contract';

/** A store of its own on a database of its own. */
const on =
  <S>(create: (db: Db) => S) =>
  async (): Promise<Made<S>> => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-storage-a-'));
    const db = openDatabase(dir);
    return {
      store: create(db),
      async close() {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };

/** The port's rule for what a confirmed booking holds of a range (ports.ts, confirmedDatesBetween). */
const holdsDayOf = (b: ConfirmedDates, { from, to }: DateRange) => {
  const end = to ?? '9999-12-31';
  const lastShootDay = b.endDate || b.date;
  return (
    (b.date !== '' && lastShootDay >= from && b.date <= end) ||
    (b.consultationDate !== '' && b.consultationDate >= from && b.consultationDate <= end)
  );
};

function bookingsStore(db: Db): BookingsStore {
  const repo = createBookingsRepository(db);
  const between = (range: DateRange) => repo.confirmedDates().filter((b) => holdsDayOf(b, range));
  const createOnce = db.transaction((request: CreateOnceRequest): CreateOnceResult => {
    const earlier = repo.findByIdempotencyKey(request.idempotencyKey);
    if (earlier) return { created: false, booking: earlier.booking, bodyHash: earlier.bodyHash };
    const { booking, manageTokenHash } = request.decide(request.range ? between(request.range) : []);
    return {
      created: true,
      booking: repo.create(booking, request.idempotencyKey, request.bodyHash, manageTokenHash),
    };
  });
  return {
    createOnce: async (request) => createOnce(request),
    get: async (id) => repo.get(id),
    async page(query) {
      try {
        return repo.page(query);
      } catch (error) {
        throw error instanceof RepositoryCursorError ? new InvalidCursorError(error.message) : error;
      }
    },
    confirmedBookings: async () => repo.confirmedBookings(),
    confirmedDatesBetween: async (range) => between(range),
    summary: async () => repo.summary(),
    count: async () => repo.count(),
    updateStatus: async (id, status, at) => repo.updateStatus(id, status, at),
    nextInviteSequence: async (id) => repo.nextInviteSequence(id),
    inviteSequence: async (id) => repo.inviteSequence(id),
    findByManageTokenHash: async (hash) => repo.findByManageTokenHash(hash),
    cancelByClient: async (id, at) => repo.cancelByClient(id, at),
    requestReschedule: async (id, date, at) => repo.requestReschedule(id, date, at),
    acceptReschedule: async (id, at) => repo.acceptReschedule(id, at),
    dueForReminder: async (day) => repo.dueForReminder(day),
    claimReminder: async (id, at) => repo.claimReminder(id, at),
    releaseReminder: async (id) => repo.releaseReminder(id),
  };
}

function availabilityStore(db: Db): AvailabilityStore {
  const repo = createAvailabilityRepository(db);
  return {
    getPublic: async () => repo.getPublic(),
    getAdmin: async () => repo.getAdmin(),
    addPeriod: async (input, at) => repo.addPeriod(input, at),
    addUnavailable: async (input, at) => repo.addUnavailable(input, at),
    addSlot: async (input, at) => repo.addSlot(input, at),
    delete: async (kind, id) => repo.delete(kind, id),
  };
}

function contentStore(db: Db): ContentStore {
  const repo = createContentRepository(db);
  return {
    listAllServices: async () => repo.listAllServices(),
    listServices: async () => repo.listServices(),
    findService: async (id) => repo.findService(id) ?? null,
    saveService: async (service) => repo.saveService(service),
    deleteService: async (id) => repo.deleteService(id),
    reorderServices: async (ids) => repo.reorderServices(ids),
    getSite: async () => repo.getSite(),
    getPortfolioMeta: async () => repo.getPortfolioMeta(),
    getPortfolioContent: async () => repo.getPortfolioContent(),
    putDocument: async (id, data, at) => repo.putDocument(id, data, at),
    listProjects: async () => repo.listProjects(),
    getProject: async (id) => repo.getProject(id),
    getGallery: async (id) => repo.getGallery(id),
    putProject: async (project, gallery) => repo.putProject(project, gallery),
    deleteProject: async (id) => repo.deleteProject(id),
  };
}

function settingsStore(db: Db): SettingsStore {
  const repo = createSettingsRepository(db, undefined);
  return {
    adminSmsValue: async () => repo.adminSmsValue(),
    async setAdminSmsValue(value) {
      repo.setAdminSmsValue(value);
    },
    calendarFeedHash: async () => repo.calendarFeedHash(),
    setCalendarFeedHash: async (hash) => repo.setCalendarFeedHash(hash),
  };
}

function heldNotificationsStore(db: Db): HeldNotificationsStore {
  const repo = createHeldNotificationsRepository(db);
  return {
    hold: async (held, at) => repo.hold(held, at),
    take: async (bookingId) => repo.take(bookingId),
    takeDue: async (at) => repo.takeDue(at),
    nextDue: async () => repo.nextDue(),
    isHeld: async (bookingId) => repo.isHeld(bookingId),
  };
}

function mediaRowsStore(db: Db): MediaRowsStore {
  const repo = createMediaRepository(db);
  return {
    insert: async (row) => repo.insert(row),
    find: async (id) => repo.find(id) ?? null,
    delete: async (id) => repo.delete(id),
    ids: async () => repo.ids(),
  };
}

describeBookingsStoreContract(on(bookingsStore));
describeAvailabilityStoreContract(on(availabilityStore));
describeContentStoreContract(on(contentStore));
describeSettingsStoreContract(on(settingsStore));
describeHeldNotificationsStoreContract(on(heldNotificationsStore));
describeMediaRowsStoreContract(on(mediaRowsStore));
