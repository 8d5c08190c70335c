// The admin's contracts, under /api/admin: a booking's versions, a new version, edits, sending it for
// signature and its PDF. A signed contract is frozen: editing it answers 409 and the dashboard offers a new version.
// Every change is told on the live stream, so the booking card shows the contract's state as it moves.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, emptyBodySchema, idParamsSchema, z } from '@studio/shared/schemas';
import {
  bookingContractsSchema,
  contractInputSchema,
  contractRecordSchema,
  contractStatesSchema,
} from '@studio/shared/schemas/contract';
import type { ContractRecord } from '@studio/shared/domain/contract';
import type { AppOptions } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import { replyingToHer, type Mailer } from '../messaging';
import type { BookingRequest } from '@studio/shared/domain';
import type { ContractEventInput, ContractsStore } from './contracts-store';
import type { SettingsStore } from '../settings';
import { contractQuoteOf, quoteOfBooking, type QuotesStore } from '../deal';
import type { FastifyRequest } from 'fastify';
import type { SiteIdentityReader, ContentStore } from '../content';
import { HttpError } from '../../platform/http/errors';
import { BOOKING_NOT_FOUND, type BookingsStore } from '../bookings';
import { refusals } from '../../platform/http/refusals';
import {
  CONTRACT_LINK_MS,
  dealForBooking,
  documentOf,
  providerActorOf,
  draftPdf,
  newSigningToken,
  signingPath,
  signingRequestMail,
  signingTokenHash,
} from './contracts';

export const CONTRACT_NOT_FOUND = 'Contract not found';
export const CONTRACT_SIGNED =
  'This contract is signed and can no longer be changed. Start a new version to change it; the signed one stays as it is.';
export const CONTRACT_OPEN_VERSION =
  'This booking already has a contract that is not signed yet. Edit that one, or wait until it is signed.';
export const CONTRACT_SEND_FAILED = 'The contract could not be e-mailed to the client. Please try again.';

export interface AdminContractsOptions {
  options: AppOptions;
  bookings: BookingsStore;
  content: ContentStore;
  contracts: ContractsStore;
  bus: ChangeBus;
  mailer: Mailer;
  /** Her name and public contact (Site details): the contract's provider and the audit trail's actor. */
  identity: SiteIdentityReader;
  /** The booking's quote a new version carries (features/deal/quotes.ts). */
  quotes: QuotesStore;
  settings: SettingsStore;
}

/**
 * Who did it, from where: the audit trail's line for an admin action. The client reads the trail, so she is named by
 * her public contact (providerActorOf), never by her sign-in address.
 */
const adminEvent = (request: FastifyRequest, type: ContractEventInput['type'], actor: string): ContractEventInput => ({
  type,
  actor,
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});

const adminContractsRoutes: FastifyPluginAsyncZod<AdminContractsOptions> = async (
  app,
  { options, bookings, content, contracts, bus, mailer, identity, quotes, settings },
) => {
  const currentDeal = async (booking: BookingRequest) =>
    dealForBooking(
      booking,
      content,
      await identity.current(),
      contractQuoteOf(booking, await quoteOfBooking({ quotes, settings, timeZone: options.timeZone }, booking)),
      options.timeZone,
    );
  const herEvent = async (request: FastifyRequest, type: ContractEventInput['type']) =>
    adminEvent(request, type, providerActorOf(await identity.current()));
  const told = (contract: ContractRecord) => {
    bus.publish({ topic: 'contracts', contract });
    return contract;
  };
  const bookingOf = async (id: string) => {
    const booking = await bookings.get(id);
    if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
    return booking;
  };
  const contractOf = async (id: string) => {
    const contract = await contracts.find(id);
    if (!contract) throw new HttpError(404, CONTRACT_NOT_FOUND);
    return contract;
  };
  // A new version is refused while the booking has an unsigned one: the check and the create run one at a time per
  // booking, so a double click cannot make two open versions.
  const creating = new Map<string, Promise<void>>();
  const oneAtATime = <T>(bookingId: string, work: () => Promise<T>): Promise<T> => {
    const run = (creating.get(bookingId) ?? Promise.resolve()).then(work);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    creating.set(bookingId, done);
    void done.then(() => {
      if (creating.get(bookingId) === done) creating.delete(bookingId);
    });
    return run;
  };

  app.get(
    '/contracts/states',
    { schema: { response: { 200: contractStatesSchema, ...refusals } } },
    async (_r, reply) => {
      reply.header('Cache-Control', 'no-store');
      return contracts.latestStates();
    },
  );

  app.get(
    '/bookings/:id/contracts',
    { schema: { params: idParamsSchema, response: { 200: bookingContractsSchema, 404: apiErrorSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const booking = await bookingOf(request.params.id);
      const [deal, list] = await Promise.all([currentDeal(booking), contracts.listForBooking(booking.id)]);
      return { deal, contracts: list };
    },
  );

  app.post(
    '/bookings/:id/contracts',
    {
      schema: {
        params: idParamsSchema,
        body: contractInputSchema,
        response: { 201: contractRecordSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const booking = await bookingOf(request.params.id);
      const created = await oneAtATime(booking.id, async () => {
        const [latest] = await contracts.listForBooking(booking.id);
        if (latest && latest.status !== 'signed') throw new HttpError(409, CONTRACT_OPEN_VERSION);
        const deal = await currentDeal(booking);
        const at = options.now().toISOString();
        return contracts.create(booking.id, { ...request.body, deal }, at, await herEvent(request, 'created'));
      });
      return reply.code(201).send(told(created));
    },
  );

  app.put(
    '/contracts/:id',
    {
      schema: {
        params: idParamsSchema,
        body: contractInputSchema,
        response: { 200: contractRecordSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      const current = await contractOf(request.params.id);
      if (current.status === 'signed') throw new HttpError(409, CONTRACT_SIGNED);
      const edited = await contracts.edit(
        current.id,
        request.body,
        options.now().toISOString(),
        await herEvent(request, 'edited'),
      );
      // Signed between the read and the write.
      if (!edited) throw new HttpError(409, CONTRACT_SIGNED);
      return told(edited);
    },
  );

  // Sends (or sends again) the signing link; her signature then completes the contract. The model's signature is
  // applied here: the 'sent' line of the audit trail is her act of signing.
  app.post(
    '/contracts/:id/send',
    {
      schema: {
        params: idParamsSchema,
        // Nothing to send: the contract as stored is what goes.
        body: emptyBodySchema,
        response: { 200: contractRecordSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      const current = await contractOf(request.params.id);
      if (current.status === 'signed') throw new HttpError(409, CONTRACT_SIGNED);
      const booking = await bookingOf(current.bookingId);
      const now = options.now();
      const token = newSigningToken();
      const expiresAt = new Date(now.getTime() + CONTRACT_LINK_MS).toISOString();
      const sent = await contracts.send(
        current.id,
        signingTokenHash(token),
        expiresAt,
        now.toISOString(),
        await herEvent(request, 'sent'),
      );
      if (!sent) throw new HttpError(409, CONTRACT_SIGNED);
      const link = `${options.publicOrigin}${signingPath(token)}`;
      try {
        const me = await identity.current();
        const mail = signingRequestMail(sent, documentOf(sent), booking, link, expiresAt, me.name, options.timeZone);
        await mailer.send(replyingToHer(mail, me.email));
      } catch (error) {
        request.log.error({ err: error, contractId: sent.id }, 'contract signing mail failed');
        throw new HttpError(502, CONTRACT_SEND_FAILED);
      }
      return told(sent);
    },
  );

  app.get(
    '/contracts/:id/pdf',
    {
      schema: {
        params: idParamsSchema,
        querystring: z.strictObject({ download: z.enum(['1']).optional() }),
        response: { 200: z.any(), 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const contract = await contractOf(request.params.id);
      const pdf =
        contract.status === 'signed'
          ? await contracts.signedPdf(contract.id)
          : await draftPdf(contract, documentOf(contract));
      const name = `contract-v${contract.version}${contract.status === 'signed' ? '-signed' : ''}.pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `${request.query.download ? 'attachment' : 'inline'}; filename="${name}"`)
        .send(Buffer.from(pdf!));
    },
  );
};

export default adminContractsRoutes;
