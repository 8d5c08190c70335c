// A labelled field with its one message. The message is an alert: it appears on Save, when the admin's attention is
// on the button, not on the field.
import type { ReactNode } from 'react';
import type { FieldError } from '../lib/use-schema-form';

export function FormField({
  htmlFor,
  label,
  error,
  children,
}: {
  htmlFor: string;
  label: string;
  error: FieldError;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {error.message && (
        <p id={error.id} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
