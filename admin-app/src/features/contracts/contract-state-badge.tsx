// A contract's state: draft, sent, viewed or signed, on a booking card (live from the admin's stream) and
// in the dialog.
import type { ContractStatus } from '@studio/shared/domain/contract';
import { contractMessages } from './messages';
import './contract-dialog.css';

const m = contractMessages;

/** A version's status, as its button and the dialog show it. */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <span className={`contract-badge contract-badge-${status}`}>{m.status[status]}</span>;
}

export function ContractStateBadge({ status }: { status: ContractStatus | null | undefined }) {
  if (!status) return null;
  return (
    <span className="contract-state-badge" data-status={status}>
      {m.stateLabel}: <ContractStatusBadge status={status} />
    </span>
  );
}
