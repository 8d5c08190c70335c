// What every file of the authorisation matrix shares: the shape of a row, the expected statuses, the app each file
// builds, the fresh data each cell is given and the signing in as each role. The rows are split by area of routes
// (authorization-matrix-*-rows.ts); authorization-matrix.test.ts checks that together they cover every route.
import type { InjectOptions } from 'fastify';
import { EMPTY_CONTRACT_DEAL } from '@studio/shared/domain/contract';
import sharp from 'sharp';
import type { NewBookingRequest } from '../src/features/bookings/bookings-store';
import { ADMIN_EMAIL, build, storeBooking, withCsrf, type TestApp } from './helper';

export type Role = 'visitor' | 'stranger' | 'admin';

export interface Row {
  method: InjectOptions['method'];
  /** The route as registered (with :params), to check the table covers every route. */
  route: string;
  /** The request to send; a function so each cell gets fresh data (ids, idempotency keys). */
  request: (ctx: Ctx) => InjectOptions;
  expect: Record<Role, number>;
}

export interface Ctx {
  bookingId: string;
  periodId: string;
  /** A draft contract of the booking. */
  draftId: string;
  seq: number;
}

/** A small image upload as the admin's form sends it (multipart), made by prepareUploadForm before the cells run. */
export const uploadForm: { payload: Buffer; contentType: string } = { payload: Buffer.alloc(0), contentType: '' };

// The admin's upload cell processes a real image in a child process: a second on an idle machine, more on a busy one.
jest.setTimeout(30_000);

export const OPEN = { visitor: 200, stranger: 200, admin: 200 };
export const ADMIN_ONLY = (ok: number) => ({ visitor: 401, stranger: 403, admin: ok });
export const DEPLOY_TOKEN_ONLY = { visitor: 403, stranger: 403, admin: 403 };
const today = new Date();
export const inDays = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
/** The app the file's beforeAll built (useMatrixApp). */
export const matrixApp = (): TestApp => t;

export const CONTRACT_FORM = {
  clientName: 'Matrix',
  modelName: 'Ava',
  effectiveDate: '2026-03-02',
  serviceType: 'UGC',
  timeline: '4',
  governingLaw: 'Arizona',
};
/** A draft contract for the cell's booking, stored directly. */
export const draftFor = (c: Ctx): string => c.draftId;
export const sessions: Record<Role, string | null> = { visitor: null, stranger: null, admin: null };
let seq = 0;

/** Builds the file's app before its tests and closes it after them. */
export function useMatrixApp(): void {
  beforeAll(async () => {
    // The live stream is read over a real socket, where her origin is named as the proxy in front would name it.
    t = await build({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => t.close());
}

/** Makes the image upload that the admin's upload cell sends. */
export async function prepareUploadForm(): Promise<void> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('alt', 'Matrix');
  form.append('section', 'comp-card');
  form.append('file', new Blob([png], { type: 'image/png' }), 'matrix.png');
  const encoded = new Response(form);
  uploadForm.payload = Buffer.from(await encoded.arrayBuffer());
  uploadForm.contentType = encoded.headers.get('content-type') ?? '';
}

/** A booking request as the API would have stored it, without dates. */
const matrixBooking = (): NewBookingRequest => ({
  name: 'Matrix',
  email: 'm@example.com',
  phone: '',
  serviceId: 'usergeneratedcontent',
  service: 'User-Generated Content',
  servicePrice: '$150',
  serviceTier: 'Single Video',
  serviceTierId: 'ugc-single',
  paymentSchedule: '50% upfront, 50% upon completion',
  endDate: '',
  time: '',
  consultationTime: '',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'x',
  smsOptIn: false,
  status: 'New' as const,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

export async function context(): Promise<Ctx> {
  seq++;
  const bookingId = (await storeBooking(t.repos, matrixBooking())).id;
  // The draft belongs to a booking of its own: a booking with an open draft refuses a new contract (409).
  const draftBookingId = (await storeBooking(t.repos, matrixBooking())).id;
  const at = new Date().toISOString();
  const periodId = await t.repos.availability.addPeriod(
    { startDate: inDays(200), endDate: inDays(201), isAvailable: true, notes: '' },
    at,
  );
  const draft = await t.repos.storage.contracts.create(
    draftBookingId,
    { form: CONTRACT_FORM, deal: EMPTY_CONTRACT_DEAL, paperSize: 'a4' },
    at,
    { type: 'created', actor: ADMIN_EMAIL, ip: '', userAgent: '' },
  );
  return { bookingId, periodId, draftId: draft.id, seq };
}

export async function as(role: Role, options: InjectOptions): Promise<InjectOptions> {
  // Each cell signs in afresh: DELETE /api/auth/session in an earlier cell ends the session it was given.
  sessions.stranger = (await t.repos.sessions.create('stranger@example.com')).id;
  sessions.admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const session = sessions[role];
  return withCsrf({ ...options, cookies: session ? { studio_session: session } : {} });
}

/** One test a cell: each row of the area, as each role. */
export function testCells(rows: Row[]): void {
  const cells = rows.flatMap((row) =>
    (['visitor', 'stranger', 'admin'] as Role[]).map((role) => [row.method, row.route, role, row] as const),
  );

  test.each(cells)('%s %s as %s', async (_method, _route, role, row) => {
    const res = await t.app.inject(await as(role, row.request(await context())));
    expect({ status: res.statusCode, body: res.statusCode >= 400 ? res.json() : undefined }).toMatchObject({
      status: row.expect[role],
    });
  });
}
