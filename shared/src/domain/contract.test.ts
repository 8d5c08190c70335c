import {
  buildContract,
  contractVariantFor,
  defaultContractForm,
  escapeHtml,
  milestoneDates,
  timelineWeeksOf,
  type ContractDocument,
} from './contract';
import type { BookingRequest, ContractForm } from './types';

const textOf = (c: ContractDocument) =>
  [c.title, ...c.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');

const form = (over: Partial<ContractForm> = {}): ContractForm => ({
  clientName: 'Acme Studio',
  modelName: 'Ava Stone',
  effectiveDate: '2025-01-01',
  serviceType: 'Photoshoot',
  timeline: '4',
  governingLaw: 'Arizona',
  ...over,
});

const booking: BookingRequest = {
  id: 'b1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: 'usergeneratedcontent',
  service: 'User-Generated Content',
  servicePrice: '$500',
  serviceTier: 'Weekly Content',
  serviceTierId: 'ugc-weekly',
  paymentSchedule: 'Monthly in advance',
  endDate: '',
  time: '',
  consultationTime: '',
  date: '2025-02-01',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'Spring campaign',
  smsOptIn: false,
  status: 'Confirmed',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-02T10:00:00.000Z',
};

describe('contractVariantFor', () => {
  it("is 'ugc' for the user-generated content service, by id or display name", () => {
    expect(contractVariantFor('usergeneratedcontent')).toBe('ugc');
    expect(contractVariantFor('User-Generated Content')).toBe('ugc');
    expect(contractVariantFor('UGC')).toBe('ugc');
  });

  it("is 'modeling' for everything else", () => {
    expect(contractVariantFor('photoshoot')).toBe('modeling');
    expect(contractVariantFor('others')).toBe('modeling');
    expect(contractVariantFor('')).toBe('modeling');
  });
});

describe('milestoneDates (docs/product.md §9: 25%, 75% and the end of the timeline)', () => {
  it('for 4 weeks falls on days 7, 21 and 28', () => {
    expect(milestoneDates('2025-01-01', '4')).toEqual(['2025-01-08', '2025-01-22', '2025-01-29']);
  });

  it('for 10 weeks rounds days 17.5 and 52.5 to the nearest day (up) and ends on day 70', () => {
    expect(milestoneDates('2025-01-01', '10')).toEqual(['2025-01-19', '2025-02-23', '2025-03-12']);
  });

  it.each(['', 'abc', '0', '-3', '2.5', '  '])('falls back to the default 4 weeks for %j', (timeline) => {
    expect(timelineWeeksOf(timeline)).toBe(4);
    expect(milestoneDates('2025-01-01', timeline)).toEqual(['2025-01-08', '2025-01-22', '2025-01-29']);
  });

  it('reads a whole number with spaces around it', () => {
    expect(timelineWeeksOf(' 6 ')).toBe(6);
  });

  it('crosses leap days', () => {
    expect(milestoneDates('2024-02-01', '4')).toEqual(['2024-02-08', '2024-02-22', '2024-02-29']);
  });
});

describe('defaultContractForm', () => {
  it('prefills from the booking with the spec defaults', () => {
    expect(defaultContractForm(booking, 'Ava Stone', '2025-03-01')).toEqual({
      clientName: 'Jane Doe',
      modelName: 'Ava Stone',
      effectiveDate: '2025-03-01',
      serviceType: 'User-Generated Content',
      timeline: '4',
      governingLaw: 'Arizona',
    });
  });

  it('uses the service id when the booking has no display name', () => {
    expect(defaultContractForm({ ...booking, service: '' }, 'Ava', '2025-03-01').serviceType).toBe(
      'usergeneratedcontent',
    );
  });

  it('leaves client and service empty without a booking', () => {
    expect(defaultContractForm(null, 'Ava Stone', '2025-03-01')).toEqual({
      clientName: '',
      modelName: 'Ava Stone',
      effectiveDate: '2025-03-01',
      serviceType: '',
      timeline: '4',
      governingLaw: 'Arizona',
    });
  });
});

describe('buildContract', () => {
  it('states the common terms of docs/product.md §9', () => {
    const text = textOf(
      buildContract(form({ governingLaw: 'Nevada' }), { paymentSchedule: '50% upfront, 50% upon completion' }),
    );
    expect(text).toContain('Payment schedule: 50% upfront, 50% upon completion.');
    expect(text).toContain('Payment is due within 7 days of invoice.');
    expect(text).toContain('interest at 1.5% monthly');
    expect(text).toContain('This obligation survives for 3 years after termination of this Agreement.');
    expect(text).toContain('Either party may terminate this Agreement on 30 days written notice');
    expect(text).toContain('governed by the laws of the State of Nevada');
    expect(text).toContain('binding arbitration in the State of Nevada');
  });

  it("prints 'TBD' when there is no payment schedule", () => {
    expect(textOf(buildContract(form(), { paymentSchedule: '' }))).toContain('Payment schedule: TBD.');
    expect(textOf(buildContract(form(), { paymentSchedule: '  ' }))).toContain('Payment schedule: TBD.');
  });

  it('names the parties and the effective date', () => {
    const c = buildContract(form(), { paymentSchedule: 'TBD' });
    expect(c.parties).toEqual([
      { role: 'Model', name: 'Ava Stone' },
      { role: 'Client', name: 'Acme Studio' },
    ]);
    expect(textOf(c)).toContain(
      'is made as of January 1, 2025 (the “Effective Date”) between Ava Stone (the “Model”) and Acme Studio (the “Client”).',
    );
  });

  it('leaves a blank line for a missing name and defaults an empty governing law to Arizona', () => {
    const c = buildContract(form({ clientName: ' ', governingLaw: '' }), { paymentSchedule: 'TBD' });
    expect(c.parties[1]).toEqual({ role: 'Client', name: '____________________' });
    expect(textOf(c)).toContain('binding arbitration in the State of Arizona');
  });

  it('carries the milestones as data and as text', () => {
    const c = buildContract(form({ timeline: '10' }), { paymentSchedule: 'TBD' });
    expect(c.milestones).toEqual([
      { label: 'First milestone (25% of the timeline)', date: '2025-01-19' },
      { label: 'Second milestone (75% of the timeline)', date: '2025-02-23' },
      { label: 'Completion (end of the timeline)', date: '2025-03-12' },
    ]);
    const text = textOf(c);
    expect(text).toContain('The project runs for 10 weeks from the Effective Date.');
    expect(text).toContain('First milestone (25% of the timeline): January 19, 2025.');
    expect(text).toContain('Completion (end of the timeline): March 12, 2025.');
  });

  it('says "1 week" in the singular', () => {
    expect(textOf(buildContract(form({ timeline: '1' }), { paymentSchedule: 'TBD' }))).toContain(
      'The project runs for 1 week from the Effective Date.',
    );
  });

  it('covers shoots, usage and wardrobe/styling in the modeling variant', () => {
    const c = buildContract(form(), { paymentSchedule: 'TBD' });
    expect(c.variant).toBe('modeling');
    expect(c.title).toBe('Modeling Services Agreement');
    const text = textOf(c);
    expect(text).toContain('Shoots: The Model will provide modeling services for Photoshoot');
    expect(text).toContain('Usage: ');
    expect(text).toContain('Wardrobe and Styling: ');
    expect(text).not.toContain('Deliverables: ');
    expect(text).not.toContain('Content Licensing and Usage Rights');
  });

  it('covers deliverables, revisions and content licensing in the UGC variant', () => {
    const c = buildContract(form({ serviceType: 'User-Generated Content' }), { paymentSchedule: 'Monthly in advance' });
    expect(c.variant).toBe('ugc');
    expect(c.title).toBe('User-Generated Content Services Agreement');
    expect(c.parties[0]).toEqual({ role: 'Creator', name: 'Ava Stone' });
    const text = textOf(c);
    expect(text).toContain('Deliverables: The Creator will create user-generated content for User-Generated Content');
    expect(text).toContain('Revisions: ');
    expect(text).toContain('Content Licensing and Usage Rights: ');
    expect(text).toContain('Payment schedule: Monthly in advance.');
    expect(text).not.toContain('Wardrobe and Styling');
    expect(text).not.toContain('Shoots: ');
  });

  it('names the service generically when the form leaves it empty', () => {
    expect(textOf(buildContract(form({ serviceType: '' }), { paymentSchedule: 'TBD' }))).toContain(
      'modeling services for modeling,',
    );
    expect(textOf(buildContract(form({ serviceType: ' ' }), { paymentSchedule: 'TBD', variant: 'ugc' }))).toContain(
      'create user-generated content for user-generated content:',
    );
  });

  it('lets the caller choose the variant, e.g. from the booking’s service id', () => {
    const c = buildContract(form({ serviceType: 'Spring campaign' }), {
      paymentSchedule: 'TBD',
      variant: contractVariantFor(booking.serviceId),
    });
    expect(c.variant).toBe('ugc');
  });

  it('keeps markup in the form as plain text: escaping is the renderer’s job', () => {
    const c = buildContract(form({ clientName: '<img src=x onerror=alert(1)>' }), { paymentSchedule: 'TBD' });
    expect(c.parties[1]?.name).toBe('<img src=x onerror=alert(1)>');
    expect(escapeHtml(textOf(c))).not.toMatch(/<img/);
  });

  it('rejects an effective date that is not a calendar date', () => {
    expect(() => buildContract(form({ effectiveDate: '' }), { paymentSchedule: 'TBD' })).toThrow(RangeError);
    expect(() => buildContract(form({ effectiveDate: '2025-02-30' }), { paymentSchedule: 'TBD' })).toThrow(RangeError);
  });
});

describe('escapeHtml', () => {
  it('escapes an injected image tag', () => {
    expect(escapeHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('escapes & < > " and \'', () => {
    expect(escapeHtml(`Tom & "Jerry's" <b>`)).toBe('Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;');
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    expect(escapeHtml('plain')).toBe('plain');
  });
});
