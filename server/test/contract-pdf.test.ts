// The contract PDF: drawn on the server with an embedded font, its text selectable (read back here with
// pdf.js), on A4 or US Letter, and what came from a booking printed as text, never as markup.
import {
  buildContract,
  contractDealOf,
  defaultContractForm,
  type ContractDocument,
} from '@studio/shared/domain/contract';
import type { BookingRequest, ContractTemplate } from '@studio/shared/domain';
import { renderContractPdf } from '../src/features/contracts/contract-pdf';
import { pdfText } from './pdf-text';

// pdf.js reads each PDF in a child process: seconds, not milliseconds, on a busy machine.
jest.setTimeout(30_000);
const EVIL = '<img src=x onerror=alert(1)>';

const booking: BookingRequest = {
  id: 'b1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+16025550142',
  serviceId: 'photoshoot',
  service: 'Photoshoot',
  servicePrice: '$350',
  serviceTier: 'Half Day',
  serviceTierId: 'half-day',
  paymentSchedule: '50% upfront, 50% upon completion',
  date: '2026-03-20',
  endDate: '',
  time: '',
  consultationDate: '2026-03-10',
  consultationTime: '',
  consultationLocation: 'Video call',
  location: 'Desert Botanical Garden, Phoenix',
  description: 'Spring lookbook',
  smsOptIn: false,
  status: 'Confirmed',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const contractOf = (b: BookingRequest, template: ContractTemplate = 'modeling'): ContractDocument =>
  buildContract(defaultContractForm(b, 'Ava Monroe', '2026-03-02'), {
    deal: contractDealOf(
      b,
      { tier: { includes: ['4 hours on set', '20 edited images'] }, template, bookedOn: '2026-03-01' },
      { email: 'ava@example.com', phone: '' },
    ),
  });

test('the modeling contract on A4: selectable text with the deal, the §9 terms and blank signature lines', async () => {
  const bytes = await renderContractPdf({ contract: contractOf(booking), paperSize: 'a4', createdAt: new Date(0) });
  expect(Buffer.from(bytes).toString('latin1')).toContain('/FontFile2'); // the TrueType font is embedded
  const pdf = pdfText(bytes);
  expect(pdf.title).toBe('Modeling Services Agreement');
  expect(Math.round(pdf.pages[0]!.width)).toBe(595);
  expect(Math.round(pdf.pages[0]!.height)).toBe(842);
  for (const text of [
    'Modeling Services Agreement',
    'Fee: $350 for the Half Day package.',
    'Payment schedule: 50% upfront, 50% upon completion.',
    'Included: 4 hours on set; 20 edited images.',
    'Shoot date: March 20, 2026.',
    'Shoot location: Desert Botanical Garden, Phoenix.',
    'Consultation: March 10, 2026, Video call.',
    'jane@example.com, +16025550142',
    'Payment is due within 7 days of invoice.',
    // The job's timeline: from the effective date to the booked day.
    'Completion (end of the timeline): March 20, 2026.',
    'binding arbitration in the State of Arizona',
    'Signature',
  ])
    expect(pdf.all).toContain(text);
  expect(pdf.all).not.toContain('Audit Trail');
});

test('the UGC contract on US Letter', async () => {
  const ugc = {
    ...booking,
    serviceId: 'usergeneratedcontent',
    service: 'User-Generated Content',
    serviceTier: 'Weekly Content',
    servicePrice: '$500',
    paymentSchedule: 'Monthly in advance',
  };
  const pdf = pdfText(
    await renderContractPdf({ contract: contractOf(ugc, 'ugc'), paperSize: 'letter', createdAt: new Date(0) }),
  );
  expect(Math.round(pdf.pages[0]!.width)).toBe(612);
  expect(Math.round(pdf.pages[0]!.height)).toBe(792);
  expect(pdf.all).toContain('User-Generated Content Services Agreement');
  expect(pdf.all).toContain('Fee: $500 for the Weekly Content package.');
  expect(pdf.all).toContain('Filming date: March 20, 2026.');
});

test('markup from a booking prints as the characters typed', async () => {
  const evil = { ...booking, name: EVIL, location: EVIL, description: `${EVIL}\nsecond line`, serviceTier: EVIL };
  const pdf = pdfText(await renderContractPdf({ contract: contractOf(evil), paperSize: 'a4', createdAt: new Date(0) }));
  expect(pdf.all).toContain(`Shoot location: ${EVIL}.`);
  expect(pdf.all).toContain(`Client: ${EVIL}`);
  expect(pdf.all).toContain('second line');
});

test('a signed contract carries both signatures, the hash on every page and the audit trail last', async () => {
  const hash = 'a'.repeat(64);
  const bytes = await renderContractPdf({
    contract: contractOf(booking),
    paperSize: 'a4',
    createdAt: new Date('2026-03-05T12:00:00Z'),
    signatures: {
      provider: { name: 'Ava Monroe', at: '2026-03-04T09:00:00.000Z' },
      client: { name: 'Jane Q. Doe', at: '2026-03-05T12:00:00.000Z' },
      documentHash: hash,
      contractId: 'c-1',
      version: 2,
      events: [
        {
          type: 'sent',
          at: '2026-03-04T09:00:00.000Z',
          actor: 'ava@example.com',
          ip: '127.0.0.1',
          userAgent: 'Firefox',
        },
        {
          type: 'viewed',
          at: '2026-03-05T11:59:00.000Z',
          actor: 'jane@example.com',
          ip: '203.0.113.9',
          userAgent: 'Safari 🧭',
        },
        {
          type: 'signed',
          at: '2026-03-05T12:00:00.000Z',
          actor: 'Jane Q. Doe',
          ip: '203.0.113.9',
          userAgent: 'Safari',
        },
      ],
    },
  });
  const pdf = pdfText(bytes);
  expect(pdf.all).toContain('/s/ Jane Q. Doe');
  expect(pdf.all).toContain('/s/ Ava Monroe');
  for (const page of pdf.pages) expect(page.text).toContain(`SHA-256 ${hash}`);
  const last = pdf.pages.at(-1)!.text.replace(/\s+/g, ' ');
  expect(last).toContain('Audit Trail');
  expect(last).toContain('version 2');
  expect(last).toContain('2026-03-05 11:59:00 UTC · Viewed by the client');
  expect(last).toContain('IP address: 203.0.113.9');
  expect(last).toContain('User agent: Safari ?'); // a glyph the font lacks is replaced, not dropped silently
  expect(last).toContain('2026-03-05 12:00:00 UTC · Signed by the client');
});
