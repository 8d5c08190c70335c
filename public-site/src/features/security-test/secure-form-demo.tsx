// SecureForm demo: a contact form with the kit's limits and messages. SecureForm itself blocks suspicious
// submissions and shows its warning; this demo only confirms an accepted one. Nothing is sent anywhere.
import { useId, useState } from 'react';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, TEXT_MAX_LENGTH, securityMonitor } from '@studio/security-kit';
import { SecureForm, type SecureFormField } from '@studio/security-kit/react';
import { messages } from '../../messages';

const t = messages.securityTest.form;

const FIELDS: readonly SecureFormField[] = [
  { name: 'name', label: t.nameLabel, required: true, max: NAME_MAX_LENGTH, autoComplete: 'name' },
  { name: 'email', label: t.emailLabel, type: 'email', required: true, max: EMAIL_MAX_LENGTH, autoComplete: 'email' },
  { name: 'message', label: t.messageLabel, type: 'textarea', required: true, max: TEXT_MAX_LENGTH },
];

export function SecureFormDemo() {
  const headingId = useId();
  const [accepted, setAccepted] = useState(false);

  return (
    <section className="card st-card st-form" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId}>{t.title}</h2>
        <p className="muted">{t.description}</p>
        {/* Any edit after an accepted submission hides the confirmation, so it never stands beside a new warning. */}
        <div onInput={() => setAccepted(false)}>
          {/* The monitor is passed explicitly: in the federated build SecureForm's default is a second copy inside
              the shared '@studio/security-kit/react' module, which the page's monitor view would never show. */}
          <SecureForm
            fields={FIELDS}
            submitLabel={t.submit}
            monitor={securityMonitor}
            onSubmit={() => setAccepted(true)}
          />
        </div>
        <div role="status">{accepted && <p className="alert alert-success">{t.accepted}</p>}</div>
      </div>
    </section>
  );
}
