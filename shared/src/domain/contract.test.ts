import {
  EMPTY_CONTRACT_DEAL,
  buildContract,
  contractDealOf,
  contractPlainText,
  contractVariantFor,
  defaultContractForm,
  escapeHtml,
  milestoneDates,
  timelineWeeksOf,
  type ContractDocument,
} from './contract';
import type { ContractForm } from './contract-records';
import type { BookingRequest } from './booking-types';

const textOf = (c: ContractDocument) => contractPlainText(c);
const dealWith = (paymentSchedule: string) => ({ ...EMPTY_CONTRACT_DEAL, paymentSchedule });

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
  it('prefills from the booking with the defaults of docs/product.md §3', () => {
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
      buildContract(form({ governingLaw: 'Nevada' }), { deal: dealWith('50% upfront, 50% upon completion') }),
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
    expect(textOf(buildContract(form(), { deal: dealWith('') }))).toContain('Payment schedule: TBD.');
    expect(textOf(buildContract(form(), { deal: dealWith('  ') }))).toContain('Payment schedule: TBD.');
  });

  it('names the parties and the effective date', () => {
    const c = buildContract(form(), { deal: dealWith('TBD') });
    expect(c.parties).toEqual([
      { role: 'Model', name: 'Ava Stone', contact: '' },
      { role: 'Client', name: 'Acme Studio', contact: '' },
    ]);
    expect(textOf(c)).toContain(
      'is made as of January 1, 2025 (the “Effective Date”) between Ava Stone (the “Model”), and Acme Studio (the “Client”).',
    );
  });

  it('leaves a blank line for a missing name and defaults an empty governing law to Arizona', () => {
    const c = buildContract(form({ clientName: ' ', governingLaw: '' }), { deal: dealWith('TBD') });
    expect(c.parties[1]).toEqual({ role: 'Client', name: '____________________', contact: '' });
    expect(textOf(c)).toContain('binding arbitration in the State of Arizona');
  });

  it('carries the milestones as data and as text', () => {
    const c = buildContract(form({ timeline: '10' }), { deal: dealWith('TBD') });
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
    expect(textOf(buildContract(form({ timeline: '1' }), { deal: dealWith('TBD') }))).toContain(
      'The project runs for 1 week from the Effective Date.',
    );
  });

  it('covers shoots, usage and wardrobe/styling in the modeling variant', () => {
    const c = buildContract(form(), { deal: dealWith('TBD') });
    expect(c.variant).toBe('modeling');
    expect(c.title).toBe('Modeling Services Agreement');
    const text = textOf(c);
    expect(text).toContain('Shoots: The Model will model for the Client’s photoshoot,');
    expect(text).toContain('Usage: ');
    expect(text).toContain('Wardrobe and Styling: ');
    expect(text).not.toContain('Deliverables: ');
    expect(text).not.toContain('Content Licensing and Usage Rights');
  });

  it('covers deliverables, revisions and content licensing in the UGC variant', () => {
    const c = buildContract(form({ serviceType: 'User-Generated Content' }), { deal: dealWith('Monthly in advance') });
    expect(c.variant).toBe('ugc');
    expect(c.title).toBe('User-Generated Content Services Agreement');
    expect(c.parties[0]).toEqual({ role: 'Creator', name: 'Ava Stone', contact: '' });
    const text = textOf(c);
    // Worded for the service, not its name pasted in: that read "create user-generated content for User-Generated
    // Content".
    expect(text).toContain(
      'Deliverables: The Creator will film, photograph and edit user-generated content for the Client’s brand,',
    );
    expect(text).not.toMatch(/content for User-Generated Content/);
    expect(text).toContain('Revisions: ');
    expect(text).toContain('Content Licensing and Usage Rights: ');
    expect(text).toContain('Payment schedule: Monthly in advance.');
    expect(text).not.toContain('Wardrobe and Styling');
    expect(text).not.toContain('Shoots: ');
  });

  it('names the service generically when the form leaves it empty, and a specific one as the Client’s project', () => {
    expect(textOf(buildContract(form({ serviceType: '' }), { deal: dealWith('TBD') }))).toContain(
      'The Model will model for the Client’s photoshoot,',
    );
    expect(textOf(buildContract(form({ serviceType: ' ' }), { deal: dealWith('TBD'), variant: 'ugc' }))).toContain(
      'user-generated content for the Client’s brand,',
    );
    expect(textOf(buildContract(form({ serviceType: 'Runway Show' }), { deal: dealWith('TBD') }))).toContain(
      'The Model will model for the Client’s Runway Show project,',
    );
    expect(
      textOf(buildContract(form({ serviceType: 'Spring Launch' }), { deal: dealWith('TBD'), variant: 'ugc' })),
    ).toContain('user-generated content for the Client’s Spring Launch campaign,');
  });

  it('lets the caller choose the variant, e.g. from the booking’s service id', () => {
    const c = buildContract(form({ serviceType: 'Spring campaign' }), {
      deal: dealWith('TBD'),
      variant: contractVariantFor(booking.serviceId),
    });
    expect(c.variant).toBe('ugc');
  });

  it('keeps markup in the form as plain text: escaping is the renderer’s job', () => {
    const c = buildContract(form({ clientName: '<img src=x onerror=alert(1)>' }), { deal: dealWith('TBD') });
    expect(c.parties[1]?.name).toBe('<img src=x onerror=alert(1)>');
    expect(escapeHtml(textOf(c))).not.toMatch(/<img/);
  });

  it('rejects an effective date that is not a calendar date', () => {
    expect(() => buildContract(form({ effectiveDate: '' }), { deal: dealWith('TBD') })).toThrow(RangeError);
    expect(() => buildContract(form({ effectiveDate: '2025-02-30' }), { deal: dealWith('TBD') })).toThrow(RangeError);
  });
});

describe('the deal in the contract', () => {
  const ugcBooking: BookingRequest = {
    ...booking,
    phone: '+1 602 555 0142',
    date: '2025-02-10',
    location: 'Acme HQ, 12 Mill St, Phoenix',
    consultationDate: '2025-01-20',
    consultationLocation: 'Video call',
  };
  const photoBooking: BookingRequest = {
    ...ugcBooking,
    serviceId: 'photoshoot',
    service: 'Photoshoot',
    servicePrice: '$350',
    serviceTier: 'Half Day',
    serviceTierId: 'half-day',
    paymentSchedule: '50% upfront, 50% upon completion',
    location: 'Desert Botanical Garden, Phoenix',
  };
  const provider = { email: 'ava@example.com', phone: '+1 480 555 0100' };
  const variants = [
    {
      name: 'modeling',
      booking: photoBooking,
      includes: ['4 hours on set', '2 outfit changes', '20 edited images'],
      fee: 'Fee: $350 for the Half Day package.',
      schedule: 'Payment schedule: 50% upfront, 50% upon completion.',
      shoot: ['Shoot date: February 10, 2025.', 'Shoot location: Desert Botanical Garden, Phoenix.'],
      provider: 'Ava Stone (the “Model”), reachable at ava@example.com, +1 480 555 0100',
    },
    {
      name: 'ugc',
      booking: ugcBooking,
      includes: ['4 videos a week', '1 revision round'],
      fee: 'Fee: $500 for the Weekly Content package.',
      schedule: 'Payment schedule: Monthly in advance.',
      shoot: ['Filming date: February 10, 2025.', 'Filming location: Acme HQ, 12 Mill St, Phoenix.'],
      provider: 'Ava Stone (the “Creator”), reachable at ava@example.com, +1 480 555 0100',
    },
  ] as const;

  it.each(variants)(
    'the $name variant carries the fee, package, inclusions, dates, places, contacts and §9 terms',
    (v) => {
      const terms = { tier: { includes: [...v.includes] }, template: v.name, bookedOn: '2025-01-01' };
      const deal = contractDealOf(v.booking, terms, provider);
      const c = buildContract(defaultContractForm(v.booking, 'Ava Stone', '2025-01-15'), { deal });
      expect(c.variant).toBe(v.name);
      const text = textOf(c);
      expect(text).toContain(v.fee);
      expect(text).toContain(v.schedule);
      expect(text).toContain(`Package: ${v.booking.serviceTier}.`);
      expect(text).toContain(`Included: ${v.includes.join('; ')}.`);
      expect(text).toContain(`The package includes: ${v.includes.join('; ')}.`);
      for (const line of v.shoot) expect(text).toContain(line);
      expect(text).toContain('Consultation: January 20, 2025, Video call.');
      expect(text).toContain(v.provider);
      expect(text).toContain('Jane Doe (the “Client”), reachable at jane@example.com, +1 602 555 0142.');
      expect(text).toContain('is made as of January 15, 2025 (the “Effective Date”)');
      expect(text).toContain('Brief: Spring campaign');
      // §9: 7-day payment, 1.5% monthly interest, 3-year confidentiality, 30-day termination, arbitration, milestones.
      expect(text).toContain('Payment is due within 7 days of invoice.');
      expect(text).toContain('interest at 1.5% monthly');
      expect(text).toContain('survives for 3 years after termination');
      expect(text).toContain('on 30 days written notice');
      expect(text).toContain('binding arbitration in the State of Arizona');
      // The job's own timeline: from the effective date to the booked day, 26 days, its milestones on days 7 and 20.
      expect(text).toContain(
        'The project runs from the Effective Date to February 10, 2025, the last booked day (26 days).',
      );
      expect(text).toContain('First milestone (25% of the timeline): January 22, 2025.');
      expect(text).toContain('Second milestone (75% of the timeline): February 4, 2025.');
      expect(text).toContain('Completion (end of the timeline): February 10, 2025.');
      expect(c.parties.map((p) => p.contact)).toEqual([
        'ava@example.com, +1 480 555 0100',
        'jane@example.com, +1 602 555 0142',
      ]);
    },
  );

  it('names a multi-day shoot’s days and the booked time slots of the shoot and the consultation', () => {
    const timed: BookingRequest = {
      ...booking,
      serviceId: 'photoshoot',
      service: 'Photoshoot',
      date: '2025-02-10',
      endDate: '2025-02-12',
      time: '10:00-14:00',
      consultationDate: '2025-01-20',
      consultationTime: '09:00-09:30',
      consultationLocation: 'Video call',
    };
    const text = textOf(
      buildContract(defaultContractForm(timed, 'Ava', '2025-01-15'), {
        deal: contractDealOf(timed, { tier: undefined, template: 'modeling', bookedOn: '' }, { email: '', phone: '' }),
      }),
    );
    expect(text).toContain('Shoot date: February 10, 2025 to February 12, 2025, 10:00 to 14:00.');
    expect(text).toContain('Consultation: January 20, 2025, 09:00 to 09:30, Video call.');
  });

  it("says 'TBD' for what the booking leaves open and 'none scheduled' without a consultation", () => {
    const open: BookingRequest = {
      ...booking,
      servicePrice: '',
      serviceTier: '',
      paymentSchedule: '',
      date: '',
      location: '',
    };
    const deal = contractDealOf(
      open,
      { tier: undefined, template: 'modeling', bookedOn: '' },
      { email: '', phone: '' },
    );
    const text = textOf(buildContract(form(), { deal }));
    expect(text).toContain('Fee: TBD.');
    expect(text).toContain('Payment schedule: TBD.');
    expect(text).toContain('Package: TBD.');
    expect(text).toContain('Included: as agreed in writing.');
    expect(text).toContain('Shoot date: TBD.');
    expect(text).toContain('Shoot location: TBD.');
    expect(text).toContain('Consultation: none scheduled.');
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
