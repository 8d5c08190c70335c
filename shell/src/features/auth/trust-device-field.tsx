// "This is my device", asked on the navbar's sign-in form and again on the finish page when a link is
// opened on another device: one field, so both ask it in the same words, with the same hint and the same target size.
import { useId } from 'react';
import { messages } from '../../messages';
import './trust-device-field.css';

export function TrustDeviceField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  return (
    <div className="trust-device-field">
      {/* The label holds the box: the whole line is the target a finger hits. */}
      <label>
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hintId}
        />
        <span>{messages.signIn.trustDevice}</span>
      </label>
      <p id={hintId}>{messages.signIn.trustDeviceHint}</p>
    </div>
  );
}
