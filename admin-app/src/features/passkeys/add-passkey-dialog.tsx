// Adding a passkey: a name (checked by the shared schema the server checks, before her device is asked), then her
// device's prompt. When the answer carries a recovery code (her first passkey, or the first since the code was used),
// the dialog shows it once, with the plain instruction to save it now; the server keeps only its hash.
import { useEffect, useRef, useState } from 'react';
import { BackendError } from '@studio/shared/data';
import type { PasskeyEnrolment } from '@studio/shared/domain';
import { LIMITS } from '@studio/shared/constants';
import { passkeyOptionsRequestSchema } from '@studio/shared/schemas';
import { FormField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { messages } from '../../messages';
import { passkeyMessages } from './messages';
import { useAddPasskey } from './api/add-passkey';

const m = passkeyMessages;

function failureOf(error: unknown): string {
  if (error instanceof BackendError) {
    if (error.code === 'cancelled') return m.cancelled;
    if (error.code === 'conflict') return m.alreadyOnDevice;
    if (error.code === 'not-supported') return m.notSupported;
  }
  return m.addFailed;
}

function RecoveryCode({ code, onDone }: { code: string; onDone: () => void }) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="admin-form passkey-recovery">
      <p className="alert passkey-warning" role="alert">
        {m.recoveryText}
      </p>
      <p className="passkey-recovery-code">
        <code data-testid="recovery-code">{code}</code>
      </p>
      <div className="admin-form-actions">
        <button ref={done} type="button" className="btn btn-primary" onClick={onDone}>
          {m.recoverySaved}
        </button>
      </div>
    </div>
  );
}

export function AddPasskeyDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (name: string) => void }) {
  const add = useAddPasskey();
  const [enrolment, setEnrolment] = useState<PasskeyEnrolment | null>(null);
  const form = useSchemaForm({
    schema: passkeyOptionsRequestSchema,
    initial: { name: '' },
    idPrefix: 'passkey',
    messageOf: (_field, problem) => (problem.kind === 'required' ? m.nameRequired : m.nameTooLong(LIMITS.passkeyName)),
    mutation: {
      status: add.status,
      reset: add.reset,
      mutate: async ({ name }) => setEnrolment(await add.mutate(name)),
    },
    onSaved: () => undefined,
  });

  // Added without a new code: nothing more to show.
  useEffect(() => {
    if (enrolment && !enrolment.recoveryCode) onAdded(enrolment.passkey.name);
  }, [enrolment, onAdded]);

  if (enrolment?.recoveryCode) {
    return (
      <Modal title={m.recoveryTitle} onClose={() => onAdded(enrolment.passkey.name)}>
        <RecoveryCode code={enrolment.recoveryCode} onDone={() => onAdded(enrolment.passkey.name)} />
      </Modal>
    );
  }

  const name = form.text('name');
  const waiting = add.status === 'pending';
  return (
    <Modal title={m.addTitle} onClose={onClose}>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <FormField htmlFor={name.id} label={m.nameLabel} error={form.error('name')}>
          <input
            type="text"
            autoComplete="off"
            placeholder={m.namePlaceholder}
            maxLength={LIMITS.passkeyName}
            {...name}
          />
        </FormField>
        <p className="field-hint">{m.nameHint}</p>
        {add.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {failureOf(add.error)}
          </p>
        )}
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {messages.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={waiting} aria-busy={waiting}>
            {waiting ? m.waiting : m.continue}
          </button>
        </div>
      </form>
    </Modal>
  );
}
