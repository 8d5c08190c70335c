// A version's audit trail and its signed note in her contract dialog: a signature on the client's behalf names
// the signer, their role and the client, as the signed PDF does; the client's own signature reads as before.
import { render, screen } from '@testing-library/react';
import { EMPTY_CONTRACT_DEAL, type ContractRecord } from '@studio/shared/domain/contract';
import { AuditTrail, signedNoteOf } from './contract-details';

const contract = (signed: ContractRecord['events'][number]): ContractRecord => ({
  id: 'c1',
  bookingId: 'b1',
  version: 1,
  status: 'signed',
  form: {
    clientName: 'Jordan Lee',
    modelName: 'Ava Stone',
    effectiveDate: '2026-12-01',
    serviceType: 'Photoshoot',
    timeline: '2',
    governingLaw: 'New York',
  },
  deal: EMPTY_CONTRACT_DEAL,
  paperSize: 'a4',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:05:00.000Z',
  sentAt: '2026-11-21T10:01:00.000Z',
  linkExpiresAt: null,
  signedAt: '2026-11-21T10:05:00.000Z',
  signerName: signed.actor,
  documentHash: 'a'.repeat(64),
  signedPdfHash: 'b'.repeat(64),
  events: [{ type: 'sent', at: '2026-11-21T10:01:00.000Z', actor: 'ava@example.com', ip: '', userAgent: '' }, signed],
});
const at = '2026-11-21T10:05:00.000Z';

test('a signature on the client’s behalf names the signer, their role and the client', () => {
  render(
    <AuditTrail
      contract={contract({
        type: 'signed',
        at,
        actor: 'Sam Park',
        ip: '203.0.113.9',
        userAgent: '',
        role: 'Assistant',
        onBehalfOf: 'Jordan Lee',
      })}
    />,
  );
  const line = screen.getAllByRole('listitem').at(-1)!;
  expect(line).toHaveTextContent('Signed on the client’s behalf');
  expect(line).toHaveTextContent('Sam Park, Assistant, on behalf of Jordan Lee · 203.0.113.9');
});

test('the client’s own signature reads as signed by the client, with the name typed', () => {
  render(
    <AuditTrail contract={contract({ type: 'signed', at, actor: 'Jordan Lee', ip: '203.0.113.9', userAgent: '' })} />,
  );
  const line = screen.getAllByRole('listitem').at(-1)!;
  expect(line).toHaveTextContent('Signed by the client');
  expect(line).not.toHaveTextContent('on behalf of');
  expect(line).toHaveTextContent('Jordan Lee · 203.0.113.9');
});

test('the signed note names the client and the role when someone signed on the client’s behalf', () => {
  const onBehalf = contract({
    type: 'signed',
    at,
    actor: 'Sam Park',
    ip: '',
    userAgent: '',
    role: 'Assistant',
    onBehalfOf: 'Jordan Lee',
  });
  expect(signedNoteOf(onBehalf)).toMatch(/^Signed by Sam Park on behalf of Jordan Lee \(Assistant\) on .+\.$/);
  const own = contract({ type: 'signed', at, actor: 'Jordan Lee', ip: '', userAgent: '' });
  expect(signedNoteOf(own)).toMatch(/^Signed by Jordan Lee on .+\.$/);
  expect(signedNoteOf(own)).not.toContain('behalf');
  expect(signedNoteOf({ ...own, status: 'sent', signedAt: null, signerName: null })).toBeNull();
});
