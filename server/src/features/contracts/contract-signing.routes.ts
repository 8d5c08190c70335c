// The client's signing link: GET /contracts/sign/:token shows the contract and the signing form, POST signs
// it, GET /contracts/sign/:token/pdf is the PDF she reviews. The token is the only key: 32 random bytes, stored as
// its SHA-256, opening one contract for 14 days, and signing it once. Every view and the signature go into the audit
// trail with her address and browser. Plain HTML pages with a form, outside /api (no script, no CSRF token to hold):
// the secret in the URL is what a forger cannot have, and a cross-site POST is refused besides.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from '@studio/shared/schemas';
import { contractSignatureSchemaFor, contractTokenParamsSchema } from '@studio/shared/schemas/contract';
import type { ContractEvent, ContractRecord } from '@studio/shared/domain/contract';
import { voidReasonOf, type ContractSigner } from '@studio/shared/domain/contract-signer';
import type { BookingRequest } from '@studio/shared/domain';
import type { AppOptions } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import type { Mailer } from '../messaging';
import type { BookingsStore } from '../bookings';
import type { ContractEventInput, ContractsStore } from './contracts-store';
import {
  documentHashOf,
  documentOf,
  draftPdf,
  mailSignedCopies,
  providerActorOf,
  signedPdf,
  signingPath,
  signingTokenHash,
} from './contracts';
import type { SiteIdentityReader } from '../content';
import type { ClientActions } from '../client-activity';
import {
  linkProblemPage,
  signedPage,
  signingPage,
  type LinkProblem,
  type SignatureFieldErrors,
  type SignatureFormValues,
} from './signing-page';
import { sha256Hex } from '../../platform/hash';

export const ANOTHER_CONTRACT = 'This link signs only the contract it was sent for.';

export interface ContractSigningOptions {
  options: AppOptions;
  contracts: ContractsStore;
  /** The contract's booking: whose name signs it, and whether it was cancelled or declined (the contract is void). */
  bookings: Pick<BookingsStore, 'get'>;
  bus: ChangeBus;
  mailer: Mailer;
  /** Her name and public contact (Site details): the pages' heading and her line in the audit trail. */
  identity: SiteIdentityReader;
  /** Tells her the client opened or signed. */
  clientActions: Pick<ClientActions, 'contractViewed' | 'contractSigned'>;
  /** Sends the deposit link once signed, when that is her setting. */
  payments?: { contractSigned(bookingId: string): Promise<void> };
}

const PROBLEM_STATUS: Record<LinkProblem, number> = {
  invalid: 404,
  expired: 410,
  signed: 409,
  'void-cancelled': 409,
  'void-declined': 409,
};

/**
 * Who the contract's client is: the name on the booking and the client the contract names (she may have
 * written it otherwise in its form). The booking's name is the one the refusal asks for; the contract's is the one
 * a signer on the client's behalf signs for.
 */
function clientOf(contract: ContractRecord, booking: BookingRequest | null) {
  const named = contract.form.clientName.trim();
  const booked = booking?.name.trim() ?? '';
  return {
    names: [booked, named].filter((n) => n !== ''),
    bookingName: booked || named,
    contractName: named || booked,
  };
}

const contractSigningRoutes: FastifyPluginAsyncZod<ContractSigningOptions> = async (
  app,
  { options, contracts, bookings, bus, mailer, identity, clientActions, payments },
) => {
  // The signing form posts as a browser form does; only in this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_r, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // The link is the secret: no page of it names its address to another (the site's default sends the origin).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Referrer-Policy', 'no-referrer');
    return payload;
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .send(body);

  /** The contract the token opens, or why it opens none. */
  const open = async (
    token: string,
  ): Promise<{ contract: ContractRecord; booking: BookingRequest | null } | { problem: LinkProblem }> => {
    const link = await contracts.link(signingTokenHash(token));
    const contract = link && (await contracts.find(link.contractId));
    if (!link || !contract || contract.status === 'draft') return { problem: 'invalid' };
    if (contract.status === 'signed') return { problem: 'signed' };
    const booking = await bookings.get(contract.bookingId);
    const voided = voidReasonOf(booking?.status);
    if (voided) return { problem: `void-${voided}` };
    if (Date.parse(link.expiresAt) <= options.now().getTime()) return { problem: 'expired' };
    return { contract, booking };
  };

  const clientEvent = (request: FastifyRequest, type: ContractEvent['type'], actor: string): ContractEventInput => ({
    type,
    actor,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
  });

  const siteName = () => identity.displayName();
  const view = async (
    contract: ContractRecord,
    booking: BookingRequest | null,
    token: string,
    extra: { values?: SignatureFormValues; errors?: string[]; fieldErrors?: SignatureFieldErrors } = {},
  ) =>
    signingPage({
      clientName: clientOf(contract, booking).contractName,
      siteName: await siteName(),
      contract: documentOf(contract),
      contractId: contract.id,
      version: contract.version,
      clientEmail: contract.deal.client.email,
      expiresAt: contract.linkExpiresAt ?? '',
      timeZone: options.timeZone,
      pdfHref: `${signingPath(token)}/pdf`,
      ...extra,
    });

  const limit = { rateLimit: { max: options.publicWriteLimitPerMinute, timeWindow: '1 minute' } };

  app.get(
    '/contracts/sign/:token',
    { schema: { params: contractTokenParamsSchema }, config: limit },
    async (request, reply) => {
      const opened = await open(request.params.token);
      if ('problem' in opened)
        return html(reply, PROBLEM_STATUS[opened.problem], linkProblemPage(opened.problem, await siteName()));
      const at = options.now().toISOString();
      const viewed = await contracts.view(
        opened.contract.id,
        at,
        clientEvent(request, 'viewed', opened.contract.deal.client.email),
      );
      if (viewed) bus.publish({ topic: 'contracts', contract: viewed });
      await clientActions.contractViewed(opened.contract, viewed);
      return html(reply, 200, await view(viewed ?? opened.contract, opened.booking, request.params.token));
    },
  );

  app.get(
    '/contracts/sign/:token/pdf',
    { schema: { params: contractTokenParamsSchema }, config: limit },
    async (request, reply) => {
      const opened = await open(request.params.token);
      if ('problem' in opened)
        return html(reply, PROBLEM_STATUS[opened.problem], linkProblemPage(opened.problem, await siteName()));
      const pdf = await draftPdf(opened.contract, documentOf(opened.contract));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .header('Content-Disposition', `inline; filename="contract-v${opened.contract.version}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/contracts/sign/:token',
    {
      schema: { params: contractTokenParamsSchema, body: z.record(z.string(), z.string()) },
      config: limit,
    },
    async (request, reply) => {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return html(reply, 403, linkProblemPage('invalid', await siteName()));
      }
      const { token } = request.params;
      const opened = await open(token);
      if ('problem' in opened)
        return html(reply, PROBLEM_STATUS[opened.problem], linkProblemPage(opened.problem, await siteName()));
      const { contract, booking } = opened;
      const client = clientOf(contract, booking);
      if (request.body.contractId !== undefined && request.body.contractId !== contract.id) {
        return html(reply, 403, await view(contract, booking, token, { errors: [ANOTHER_CONTRACT] }));
      }
      // The signer is the client (the name matches the booking's), or says they sign on the client's behalf and gives
      // a role: the shared schema decides, each refusal on its field. Nothing is stored and nothing is mailed.
      const parsed = contractSignatureSchemaFor(client).safeParse(request.body);
      if (!parsed.success) {
        const fieldErrors: SignatureFieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'form') as keyof SignatureFieldErrors;
          fieldErrors[field] = [...new Set([...(fieldErrors[field] ?? []), issue.message])];
        }
        const values: SignatureFormValues = {
          fullName: request.body.fullName ?? '',
          onBehalf: request.body.onBehalf === 'yes',
          role: request.body.role ?? '',
        };
        return html(reply, 400, await view(contract, booking, token, { values, fieldErrors }));
      }

      const at = options.now().toISOString();
      const name = parsed.data.fullName;
      const signer: ContractSigner =
        parsed.data.onBehalf === 'yes'
          ? { name, role: parsed.data.role ?? '', onBehalfOf: client.contractName }
          : { name, role: null, onBehalfOf: null };
      const document = documentOf(contract);
      const documentHash = documentHashOf(document);
      const event: ContractEventInput = {
        ...clientEvent(request, 'signed', name),
        ...(signer.onBehalfOf === null ? {} : { role: signer.role ?? '', onBehalfOf: signer.onBehalfOf }),
      };
      // A contract made before her actions were logged under her public contact names her sign-in address: the
      // client's copy shows her public contact instead (ADMIN_EMAIL never leaves the server).
      const me = providerActorOf(await identity.current());
      const privateAddress = options.adminEmail.trim().toLowerCase();
      const events = [...contract.events, { ...event, at }].map((e) =>
        e.actor.trim().toLowerCase() === privateAddress ? { ...e, actor: me } : e,
      );
      const pdf = await signedPdf(contract, document, { signer, at, documentHash, events });
      const signed = await contracts.sign(
        contract.id,
        { signerName: name, documentHash, pdf, pdfHash: sha256Hex(pdf) },
        at,
        event,
      );
      // Its booking cancelled or declined while this request drew the PDF: nothing was stored (the store read the
      // booking's status in the transaction that would have signed).
      if (signed === 'void') {
        const voided = voidReasonOf((await bookings.get(contract.bookingId))?.status) ?? 'cancelled';
        return html(reply, 409, linkProblemPage(`void-${voided}`, await siteName()));
      }
      // Signed (or changed) by another request while this one drew the PDF.
      if (!signed) return html(reply, 409, linkProblemPage('signed', await siteName()));
      bus.publish({ topic: 'contracts', contract: signed });
      await clientActions.contractSigned(signed);

      const recipients = [...new Set([contract.deal.client.email, options.adminEmail].filter(Boolean))];
      const results = await mailSignedCopies(mailer, signed, document, pdf, recipients, options.timeZone, {
        email: contract.deal.client.email,
        publicEmail: (await identity.current()).email,
      });
      for (const r of results)
        if (r.status === 'rejected')
          request.log.error({ err: r.reason, contractId: signed.id }, 'signed contract mail failed');
      await payments?.contractSigned(signed.bookingId);
      return html(
        reply,
        200,
        signedPage({ siteName: await siteName(), title: document.title, signerName: name, documentHash }),
      );
    },
  );
};

export default contractSigningRoutes;
