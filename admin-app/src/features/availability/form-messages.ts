// The availability modals' words for a field's problem (docs/product.md §5 admin modals: periods and unavailable
// ranges need start and end dates; a time slot needs a date, a start and an end time), one message per field.
import { LIMITS } from '@studio/shared/constants';
import { availabilityMessages } from './messages';
import type { FieldProblem } from '../../lib/schema-form';

const m = availabilityMessages;

/** A start or end date: missing (or not a date), or an end before its start. */
export const dateRangeMessage = (problem: FieldProblem) =>
  problem.kind === 'rule' ? m.endBeforeStart : m.datesRequired;

/** A slot's date, start or end time: missing (or not a date or time), or an end not after its start. */
export const slotMessage = (problem: FieldProblem) => (problem.kind === 'rule' ? m.endTimeBeforeStart : m.slotRequired);

/**
 * Notes and reasons: the schema's bound is LIMITS.notes; the other refusals are a control character, or one that
 * hides or reverses text (the shared text rule).
 */
export function noteMessage(label: string, problem: FieldProblem): string {
  if (problem.kind === 'invalid' && problem.code === 'too_big') return m.tooLong(label, LIMITS.notes);
  if (problem.kind === 'invalid' && problem.code === 'invisible-characters') return m.invisibleCharacters(label);
  return m.controlCharacters(label);
}
