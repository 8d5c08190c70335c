// The availability modals' words for a field's problem (docs/product.md §5 admin modals: periods and unavailable
// ranges need start and end dates; a time slot needs a date, a start and an end time), one message per field.
import { LIMITS } from '@studio/shared/constants';
import { messages } from '../../messages';
import type { FieldProblem } from '../../lib/schema-form';

const m = messages.availability;

/** A start or end date: missing (or not a date), or an end before its start. */
export const dateRangeMessage = (problem: FieldProblem) =>
  problem.kind === 'rule' ? m.endBeforeStart : m.datesRequired;

/** A slot's date, start or end time: missing (or not a date or time), or an end not after its start. */
export const slotMessage = (problem: FieldProblem) => (problem.kind === 'rule' ? m.endTimeBeforeStart : m.slotRequired);

/** Notes and reasons: the schema's bound is LIMITS.notes; the other refusal is a control character. */
export const noteMessage = (label: string, problem: FieldProblem) =>
  problem.kind === 'invalid' && problem.code === 'too_big'
    ? m.tooLong(label, LIMITS.notes)
    : m.controlCharacters(label);
