// The state of an admin form checked by a shared schema: values, one message per field (after the first Save, then
// again on every change), focus on the first field at fault, and the save through a mutation whose failure keeps
// every typed value.
import { useState, type ChangeEvent } from 'react';
import type { z } from '@studio/shared/schemas';
import { checkForm, type FieldName, type FieldProblem, type FormSchema } from './schema-form';

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export interface FieldError {
  /** The id of the element showing the field's message (aria-describedby). */
  id: string;
  /** The message shown beside this field; null when there is none, or when a field above already shows the same. */
  message: string | null;
}

/** What a text, date or time input (or a textarea) takes from the form. */
export interface TextInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface SchemaFormOptions<S extends FormSchema> {
  schema: S;
  initial: z.input<S>;
  /** Field ids are `${idPrefix}-${field}`. */
  idPrefix: string;
  /** The form's words for a field's problem. */
  messageOf: (field: FieldName<S>, problem: FieldProblem) => string;
  mutation: { status: string; mutate: (data: z.output<S>) => Promise<unknown>; reset: () => void };
  onSaved: () => void;
}

/** What is saved has no surrounding spaces; a date or time never has any to lose. */
const trimmed = <V>(values: V): V =>
  Object.fromEntries(
    Object.entries(values as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as V;

export function useSchemaForm<S extends FormSchema>({
  schema,
  initial,
  idPrefix,
  messageOf,
  mutation,
  onSaved,
}: SchemaFormOptions<S>) {
  type Values = z.input<S>;
  type Field = FieldName<S>;
  const [values, setValues] = useState<Values>(initial);
  const [tried, setTried] = useState(false);

  const idOf = (field: Field) => `${idPrefix}-${field}`;
  const errorIdOf = (field: Field) => `${idOf(field)}-error`;

  const messages: Partial<Record<Field, string>> = {};
  const checked = tried ? checkForm(schema, trimmed(values)) : null;
  if (checked && !checked.ok) {
    for (const [field, problem] of Object.entries(checked.problems) as Array<[Field, FieldProblem]>) {
      messages[field] = messageOf(field, problem);
    }
  }
  // Fields in the schema's order; a text is shown once, by the first field with it, and the others point at it.
  const fields = Object.keys(schema.shape) as Field[];
  const shownBy = (field: Field): Field | undefined => {
    const message = messages[field];
    return message === undefined ? undefined : fields.find((f) => messages[f] === message);
  };

  const set = (field: Field, value: Values[Field]) => setValues((v) => ({ ...v, [field]: value }));

  const error = (field: Field): FieldError => ({
    id: errorIdOf(field),
    message: shownBy(field) === field ? (messages[field] ?? null) : null,
  });

  const a11y = (field: Field) => {
    const by = shownBy(field);
    return {
      id: idOf(field),
      name: field,
      'aria-invalid': by ? (true as const) : undefined,
      'aria-describedby': by ? errorIdOf(by) : undefined,
    };
  };

  const text = (field: KeysOf<Values, string>): TextInputProps => ({
    ...a11y(field),
    value: values[field] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, e.target.value as Values[Field]),
  });

  const checkbox = (field: KeysOf<Values, boolean>) => ({
    ...a11y(field),
    type: 'checkbox' as const,
    checked: values[field] as boolean,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.checked as Values[Field]),
  });

  const submit = () => {
    setTried(true);
    const result = checkForm(schema, trimmed(values));
    if (!result.ok) {
      // The last save's failure is about values that have changed since.
      mutation.reset();
      const first = fields.find((f) => result.problems[f]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    // A failure shows from the mutation's state; the modal stays open with every value.
    mutation.mutate(result.data).then(onSaved, () => undefined);
  };

  return {
    values,
    text,
    checkbox,
    error,
    submit,
    saving: mutation.status === 'pending',
    failed: mutation.status === 'error',
  };
}
