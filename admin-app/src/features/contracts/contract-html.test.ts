// The printable contract: both variants, the milestones as dates, and every field escaped (not only the client name).
import type { ContractForm } from '@studio/shared/domain';
import { EMPTY_CONTRACT_DEAL, buildContract, type ContractDeal } from '@studio/shared/domain/contract';
import { contractHtml } from './contract-html';

const form = (overrides: Partial<ContractForm> = {}): ContractForm => ({
  clientName: 'Acme Skincare',
  modelName: 'Ava Monroe',
  effectiveDate: '2026-03-02',
  serviceType: 'Photoshoot',
  timeline: '4',
  governingLaw: 'Arizona',
  ...overrides,
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

test('the modeling variant, with its milestones on days 7, 21 and 28 and a print stylesheet', () => {
  const html = contractHtml(
    buildContract(form(), { deal: { ...EMPTY_CONTRACT_DEAL, paymentSchedule: '50% upfront, 50% upon completion' } }),
  );
  const doc = parse(html);
  expect(doc.querySelector('h1')?.textContent).toBe('Modeling Services Agreement');
  expect(doc.title).toBe('Modeling Services Agreement');
  expect(doc.body.textContent).toContain('First milestone (25% of the timeline): March 9, 2026.');
  expect(doc.body.textContent).toContain('Second milestone (75% of the timeline): March 23, 2026.');
  expect(doc.body.textContent).toContain('Completion (end of the timeline): March 30, 2026.');
  expect(doc.querySelector('style')?.textContent).toContain('@media print');
  expect(doc.body.textContent).toContain('Payment schedule: 50% upfront, 50% upon completion.');
});

test('the user-generated content variant, and TBD without a payment schedule', () => {
  const doc = parse(
    contractHtml(buildContract(form({ serviceType: 'User-Generated Content' }), { deal: EMPTY_CONTRACT_DEAL })),
  );
  expect(doc.querySelector('h1')?.textContent).toBe('User-Generated Content Services Agreement');
  expect(doc.body.textContent).toContain('Content Licensing and Usage Rights');
  expect(doc.body.textContent).toContain('Payment schedule: TBD.');
});

test('markup in any field, the booking’s deal included, prints as text and creates no element', () => {
  const evil = '<img src=x onerror=alert(1)>';
  const evilDeal: ContractDeal = {
    template: 'modeling',
    bookedOn: '',
    fee: evil,
    paymentSchedule: evil,
    packageName: evil,
    inclusions: [evil],
    shootDate: '2026-03-20',
    shootEndDate: '',
    shootTime: evil,
    shootLocation: evil,
    consultationDate: '',
    consultationTime: '',
    consultationLocation: evil,
    brief: evil,
    client: { email: evil, phone: evil },
    provider: { email: evil, phone: '' },
    quote: null,
  };
  const html = contractHtml(
    buildContract(
      form({
        clientName: evil,
        modelName: `${evil}"'&`,
        serviceType: evil,
        governingLaw: `</style><script>x</script>`,
      }),
      { deal: evilDeal },
    ),
  );
  expect(html).not.toMatch(/<img|<script/);
  const doc = parse(html);
  expect(doc.querySelectorAll('img, script')).toHaveLength(0);
  expect(doc.body.textContent).toContain(evil);
  expect(doc.body.textContent).toContain(`${evil}"'&`);
  expect(doc.body.textContent).toContain('</style><script>x</script>');
  expect(doc.body.textContent).toContain(`Fee: ${evil} for the ${evil} package.`);
  expect(doc.body.textContent).toContain(`Shoot location: ${evil}.`);
  expect(doc.body.textContent).toContain(`Included: ${evil}.`);
});
