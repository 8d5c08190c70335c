// The contract's state on a booking card (issue 19): draft, sent, viewed or signed, live from the admin's stream.
import type { ContractStatus } from '@studio/shared/domain/contract';
import { messages } from '../../messages';
import './contract-dialog.css';

const m = messages.contract;

export function ContractStateBadge({ status }: { status: ContractStatus | null | undefined }) {
  if (!status) return null;
  return (
    <span className="contract-state-badge" data-status={status}>
      {m.stateLabel}: <span className={`contract-badge contract-badge-${status}`}>{m.status[status]}</span>
    </span>
  );
}
