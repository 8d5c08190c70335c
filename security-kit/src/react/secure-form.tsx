// SecureForm (docs/product.md §5): a small form that validates, refuses suspicious content and hands sanitised values over.
// Suspicious values are refused rather than silently cleaned, so a visitor never sends something other than what
// they saw; the refusal and the values that caused it are recorded in the security monitor (without their text).
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
// The kit's own entry, not relative paths: under Module Federation '@studio/security-kit' is a shared singleton, so
// the page-wide monitor this component records into is the same instance the rest of the site uses.
import {
  formMessages,
  monitorMessages,
  securityMonitor,
  sanitizeInput,
  inspectInput,
  validateEmail,
  validatePhone,
  type SecurityMonitor,
  type InputInspection,
} from '@studio/security-kit';

export type SecureFormFieldType = 'text' | 'email' | 'tel' | 'textarea';

export interface SecureFormField {
  /** Key of the value in onSubmit's object; unique within the form. */
  name: string;
  label: string;
  type?: SecureFormFieldType;
  required?: boolean;
  /** Maximum length in characters (UTF-16 code units, as the server counts). */
  max: number;
  autoComplete?: string;
}

export type SecureFormValues = Record<string, string>;

export interface SecureFormProps {
  fields: readonly SecureFormField[];
  /** Receives trimmed, sanitised values. A rejected promise shows a generic error and keeps the values. */
  onSubmit: (values: SecureFormValues) => void | Promise<void>;
  submitLabel: string;
  /** Where blocked submissions are recorded. Default: the page-wide securityMonitor. */
  monitor?: SecurityMonitor;
  className?: string;
}

type FieldErrors = Partial<Record<string, string>>;

function fieldError(field: SecureFormField, value: string): string | undefined {
  if (value.trim() === '') return field.required ? formMessages.required(field.label) : undefined;
  if (value.length > field.max) return formMessages.tooLong(field.label, field.max);
  if (field.type === 'email') return validateEmail(value).message;
  if (field.type === 'tel') return validatePhone(value).message;
  return undefined;
}

function describeReasons(inspection: InputInspection): string[] {
  return inspection.reasons.map((reason) =>
    reason === 'phishing' ? `phishing phrase: ${inspection.phishingMatches.join(', ')}` : 'HTML or script',
  );
}

const classNames = (...names: Array<string | false | undefined>): string => names.filter(Boolean).join(' ');

export function SecureForm({ fields, onSubmit, submitLabel, monitor = securityMonitor, className }: SecureFormProps) {
  const idPrefix = useId();
  const [values, setValues] = useState<SecureFormValues>(() =>
    Object.fromEntries(fields.map((field) => [field.name, ''])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [blocked, setBlocked] = useState(false);
  const [submitFailed, setSubmitFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const controls = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  // Last suspicious value recorded per field, so leaving a field twice, or submitting it, logs it once.
  const recorded = useRef(new Map<string, string>());

  const valueOf = (name: string): string => values[name] ?? '';
  const inputId = (name: string): string => `${idPrefix}-${name}`;
  const errorId = (name: string): string => `${idPrefix}-${name}-error`;

  // Kept so a failed submission can move focus to the first field that needs attention.
  const registerControl = (name: string) => (node: HTMLInputElement | HTMLTextAreaElement | null) => {
    if (node) controls.current.set(name, node);
    else controls.current.delete(name);
  };

  const recordSuspicious = (field: SecureFormField, value: string, inspection: InputInspection): void => {
    if (recorded.current.get(field.name) === value) return;
    recorded.current.set(field.name, value);
    monitor.record('suspicious-input', monitorMessages.suspiciousField(field.label, describeReasons(inspection)));
  };

  const handleChange = (field: SecureFormField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setValues((previous) => ({ ...previous, [field.name]: value }));
    // Once a field shows an error, re-check it while the visitor types so the message goes away when fixed.
    if (errors[field.name] !== undefined)
      setErrors((previous) => ({ ...previous, [field.name]: fieldError(field, value) }));
  };

  const handleBlur = (field: SecureFormField) => () => {
    const value = valueOf(field.name);
    const inspection = inspectInput(value);
    if (inspection.suspicious) recordSuspicious(field, value, inspection);
  };

  const submit = async (): Promise<void> => {
    const nextErrors: FieldErrors = {};
    for (const field of fields) nextErrors[field.name] = fieldError(field, valueOf(field.name));
    setErrors(nextErrors);
    setSubmitFailed(false);
    const firstInvalid = fields.find((field) => nextErrors[field.name] !== undefined);
    if (firstInvalid) {
      setBlocked(false);
      controls.current.get(firstInvalid.name)?.focus();
      return;
    }

    const suspicious = fields.flatMap((field) => {
      const inspection = inspectInput(valueOf(field.name));
      return inspection.suspicious ? [{ field, inspection }] : [];
    });
    if (suspicious.length > 0) {
      for (const { field, inspection } of suspicious) recordSuspicious(field, valueOf(field.name), inspection);
      monitor.record(
        'blocked-submission',
        monitorMessages.blockedSubmission(suspicious.map(({ field }) => field.label)),
      );
      setBlocked(true);
      return;
    }
    setBlocked(false);

    const clean: SecureFormValues = Object.fromEntries(
      fields.map((field) => [field.name, sanitizeInput(valueOf(field.name)).trim()]),
    );
    // A required value made only of removed characters ("&&") is empty once sanitised.
    const emptied = fields.find((field) => field.required && clean[field.name] === '');
    if (emptied) {
      setErrors({ [emptied.name]: formMessages.required(emptied.label) });
      controls.current.get(emptied.name)?.focus();
      return;
    }

    setPending(true);
    try {
      await onSubmit(clean);
    } catch {
      setSubmitFailed(true);
    } finally {
      setPending(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (pending) return;
    void submit();
  };

  return (
    // noValidate: the browser's own bubbles would pre-empt the kit's messages and differ between browsers.
    <form
      className={classNames('sk-form', className)}
      noValidate
      onSubmit={handleSubmit}
      aria-busy={pending || undefined}
    >
      {fields.map((field) => {
        const type = field.type ?? 'text';
        const error = errors[field.name];
        const common = {
          id: inputId(field.name),
          name: field.name,
          value: valueOf(field.name),
          required: field.required,
          autoComplete: field.autoComplete,
          'aria-invalid': error !== undefined ? true : undefined,
          'aria-describedby': error !== undefined ? errorId(field.name) : undefined,
          onChange: handleChange(field),
          onBlur: handleBlur(field),
        };
        return (
          <div
            key={field.name}
            className={classNames(
              'sk-field',
              `sk-field--${type}`,
              field.required && 'sk-field--required',
              error !== undefined && 'sk-field--invalid',
            )}
          >
            <label className="sk-label" htmlFor={inputId(field.name)}>
              {field.label}
            </label>
            {type === 'textarea' ? (
              <textarea {...common} className="sk-input sk-textarea" rows={5} ref={registerControl(field.name)} />
            ) : (
              <input
                {...common}
                type={type}
                className="sk-input"
                spellCheck={type === 'email' || type === 'tel' ? false : undefined}
                ref={registerControl(field.name)}
              />
            )}
            {error !== undefined && (
              <p id={errorId(field.name)} className="sk-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {blocked && (
        <p role="alert" className="sk-alert sk-alert--blocked">
          {formMessages.suspiciousBlocked}
        </p>
      )}
      {submitFailed && (
        <p role="alert" className="sk-alert sk-alert--error">
          {formMessages.submitFailed}
        </p>
      )}
      <button type="submit" className="sk-submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
