// How a refusal reads: the API's error answer, and a zod error flattened into per-field messages for a 400 answer
// or a form.
import { z } from './zod';

/** Every refusal: a message for people, and per-field messages when a form can show them. */
export const apiErrorSchema = z.strictObject({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export type FieldErrors = Record<string, string[]>;

/** What a person reads for one problem: an unknown key is named, everything else keeps the schema's message. */
export function issueMessage(issue: { code: string; message: string; keys?: readonly string[] }): string {
  return issue.code === 'unrecognized_keys' ? `Unknown field(s): ${(issue.keys ?? []).join(', ')}` : issue.message;
}

/** The field-error key of a problem at `path`: its dotted path, or '_' for the value as a whole. */
export const fieldKeyOf = (path: readonly PropertyKey[]): string => (path.length ? path.map(String).join('.') : '_');

/** Flattens a zod error into { 'field.path': [messages] } for a 400 answer or a form. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    (out[fieldKeyOf(issue.path)] ??= []).push(
      issueMessage({ code: issue.code, message: issue.message, keys: 'keys' in issue ? issue.keys : undefined }),
    );
  }
  return out;
}
