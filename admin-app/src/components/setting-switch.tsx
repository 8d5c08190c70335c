// One on/off setting of hers as a card: a heading, a switch, a line saying what is in force, and the error of a load
// or a save. The SMS and the daily-digest settings are both this card; each hook keeps its own data and words.
import type { ReactNode } from 'react';
import './setting-switch.css';

export interface SettingSwitchProps {
  /** Ids the card's heading and note use; unique on the page. */
  id: string;
  heading: string;
  toggleLabel: string;
  /** The switch's position, or null while the setting loads (the switch is not shown then). */
  checked: boolean | null;
  /** What is in force, said under the switch. */
  note: ReactNode;
  saving: boolean;
  error: string | null;
  onChange(next: boolean): void;
}

export function SettingSwitch({
  id,
  heading,
  toggleLabel,
  checked,
  note,
  saving,
  error,
  onChange,
}: SettingSwitchProps) {
  return (
    <section className="card setting-switch" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`}>{heading}</h2>
        {checked !== null && (
          <>
            <label className="checkbox setting-switch-toggle">
              <input
                type="checkbox"
                role="switch"
                checked={checked}
                disabled={saving}
                aria-busy={saving}
                aria-describedby={`${id}-in-force`}
                onChange={(e) => onChange(e.target.checked)}
              />
              <span>{toggleLabel}</span>
            </label>
            <p id={`${id}-in-force`} className="muted">
              {note}
            </p>
          </>
        )}
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
