// The pieces every content form shares: a check by the entity's shared schema before saving (the same schema the
// server and the Firestore rules apply), messages per field path ('tiers.0.price') shown beside the field, focus on
// the first field at fault, and the server's own field messages when it refuses what the form let through.
import {
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { BackendError } from '@studio/shared/data';
import { fieldErrorsOf, type FieldErrors, type z } from '@studio/shared/schemas';
import { messages } from '../../messages';
import { contentMessages } from './messages';

/** The element id of the field at a schema path: 'tiers.0.price' in form 'svc' is 'svc-tiers-0-price'. */
export const fieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/\./g, '-')}`;

export interface ContentForm {
  /** What its field ids start with (fieldId), so that its fields and its focus agree. */
  prefix: string;
  errors: FieldErrors;
  /** The save failure in words, when the whole save failed. */
  failure: string | null;
  saving: boolean;
  saved: boolean;
  /** Checks `value` with the schema; when it passes, saves the parsed value. Resolves true once saved. */
  save<S extends z.ZodType>(
    schema: S,
    value: unknown,
    write: (data: z.output<S>) => Promise<unknown>,
  ): Promise<boolean>;
  /** The message at `path`, or of an item in the list at `path` (an include line: 'tiers.0.includes.2'). */
  errorOf(path: string): string | undefined;
  /** Shows a problem the schema cannot see (an id already taken) at `path`. */
  fail(path: string, message: string): void;
  reset(): void;
}

export function useContentForm(prefix: string): ContentForm {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const focusFirst = (found: FieldErrors) => {
    const first = Object.keys(found)
      .map((path) => document.getElementById(fieldId(prefix, path)))
      .find((el) => el !== null);
    first?.focus();
  };

  return {
    prefix,
    errors,
    failure,
    saving,
    saved,
    errorOf: (path) =>
      errors[path]?.[0] ??
      Object.entries(errors).find(([key]) => new RegExp(`^${path.replace(/\./g, '\\.')}\\.\\d+$`).test(key))?.[1][0],
    fail: (path, message) => {
      setErrors({ [path]: [message] });
      setFailure(contentMessages.fixFields);
      setSaved(false);
      document.getElementById(fieldId(prefix, path))?.focus();
    },
    reset: () => {
      setErrors({});
      setFailure(null);
      setSaved(false);
    },
    async save(schema, value, write) {
      setSaved(false);
      const checked = schema.safeParse(value);
      if (!checked.success) {
        const found = fieldErrorsOf(checked.error);
        setErrors(found);
        setFailure(contentMessages.fixFields);
        focusFirst(found);
        return false;
      }
      setErrors({});
      setFailure(null);
      setSaving(true);
      try {
        await write(checked.data);
        setSaved(true);
        return true;
      } catch (error) {
        const found = error instanceof BackendError ? error.fieldErrors : {};
        setErrors(found);
        setFailure(error instanceof BackendError ? error.message : messages.saveFailed);
        focusFirst(found);
        return false;
      } finally {
        setSaving(false);
      }
    },
  };
}

interface FieldProps {
  form: ContentForm;
  path: string;
  label: string;
  hint?: string;
}

/** A text control's props: the field's, its text, and the element's own attributes but those the field sets. */
type ControlProps<Attributes> = FieldProps & { value: string; onChange: (value: string) => void } & Omit<
    Attributes,
    'value' | 'onChange' | 'id' | 'form'
  >;

/** The id, the error state and the hint and message a screen reader reads with the control. */
function controlOf(form: ContentForm, path: string, hint: string | undefined) {
  const id = fieldId(form.prefix, path);
  const error = form.errorOf(path);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  } as const;
}

function FieldFrame({ form, path, label, hint, children }: FieldProps & { children: ReactNode }) {
  const id = fieldId(form.prefix, path);
  const error = form.errorOf(path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  form,
  path,
  label,
  hint,
  value,
  onChange,
  ...input
}: ControlProps<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldFrame form={form} path={path} label={label} hint={hint}>
      <input {...input} {...controlOf(form, path, hint)} value={value} onChange={(e) => onChange(e.target.value)} />
    </FieldFrame>
  );
}

export function TextAreaField({
  form,
  path,
  label,
  hint,
  value,
  onChange,
  ...input
}: ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldFrame form={form} path={path} label={label} hint={hint}>
      <textarea
        rows={4}
        {...input}
        {...controlOf(form, path, hint)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

/** A choice among fixed options, each with its label; the server's refusal shows under it, as under a text field. */
export function SelectField<Value extends string>({
  form,
  path,
  label,
  hint,
  value,
  options,
  onChange,
}: FieldProps & {
  value: Value;
  options: Readonly<Record<Value, string>>;
  onChange: (value: Value) => void;
}) {
  return (
    <FieldFrame form={form} path={path} label={label} hint={hint}>
      <select {...controlOf(form, path, hint)} value={value} onChange={(e) => onChange(e.target.value as Value)}>
        {(Object.entries(options) as Array<[Value, string]>).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A form's save button: busy and disabled while the save is under way, "Saving…" in the meantime. */
export function SaveButton({
  form,
  label,
  disabled,
  ...button
}: { form: ContentForm; label: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'form' | 'children'>) {
  return (
    <button
      type="submit"
      className="btn btn-primary"
      {...button}
      disabled={form.saving || disabled}
      aria-busy={form.saving}
    >
      {form.saving ? messages.saving : label}
    </button>
  );
}

/** A failure in words, read out at once. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p className="alert alert-error" role="alert">
      {children}
    </p>
  );
}

/** The save outcome under a form: the failure (an alert) or a quiet "Saved". */
export function SaveStatus({ form }: { form: ContentForm }) {
  if (form.failure) return <ErrorAlert>{form.failure}</ErrorAlert>;
  return (
    <p className="content-saved muted" role="status">
      {form.saved ? contentMessages.saved : ''}
    </p>
  );
}
