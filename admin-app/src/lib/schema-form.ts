// A form checked by the shared zod schema of what it saves (docs/architecture.md: one schema per entity drives the
// form, the route and the Firestore rules), reduced to one problem per field for the form to word.
import type { z } from '@studio/shared/schemas';

export type FieldProblem =
  /** Empty where a value is needed. */
  | { kind: 'required' }
  /** The field's own schema refuses it; `code` is zod's issue code ('too_big', 'custom', ...). */
  | { kind: 'invalid'; code: string }
  /** Valid on its own, but a rule across fields refuses it (an end before its start). */
  | { kind: 'rule' };

export type FormSchema = z.ZodObject<Record<string, z.ZodType>, z.core.$ZodObjectConfig>;

export type FieldName<S extends FormSchema> = keyof z.input<S> & string;

export type CheckResult<S extends FormSchema> =
  { ok: true; data: z.output<S> } | { ok: false; problems: Partial<Record<FieldName<S>, FieldProblem>> };

export function checkForm<S extends FormSchema>(schema: S, values: z.input<S>): CheckResult<S> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };

  const problems: Partial<Record<FieldName<S>, FieldProblem>> = {};
  const input = values as Record<string, unknown>;
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const own = fieldSchema.safeParse(input[field]);
    if (own.success) continue;
    problems[field as FieldName<S>] =
      input[field] === '' ? { kind: 'required' } : { kind: 'invalid', code: own.error.issues[0]?.code ?? 'custom' };
  }
  // zod runs the cross-field rules even over fields it refused, and "the end is before the start" says nothing
  // about a start that is missing: a rule counts only once every field is valid on its own.
  if (Object.keys(problems).length === 0) {
    for (const issue of result.error.issues) {
      const field = (typeof issue.path[0] === 'string' ? issue.path[0] : '') as FieldName<S>;
      problems[field] ??= { kind: 'rule' };
    }
  }
  return { ok: false, problems };
}
