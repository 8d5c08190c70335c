// Her comp card measurements, in the units she chooses, shown on /portfolio/comp-card and on the
// printable comp card.
import { useState, type FormEvent } from 'react';
import { COMP_CARD_FIELDS, MEASUREMENT_UNITS, type CompCardStats } from '@studio/shared/domain';
import { compCardSchema } from '@studio/shared/schemas';
import { contentMessages } from './messages';
import { useSaveCompCard } from './api/save-content';
import { SaveButton, SaveStatus, TextField, useContentForm } from './content-form';
import { ContentSection } from './content-section';

const m = contentMessages.compCard;
const PREFIX = 'comp';

export function CompCardForm({ initial }: { initial: CompCardStats }) {
  const save = useSaveCompCard();
  const form = useContentForm(PREFIX);
  const [stats, setStats] = useState<CompCardStats>(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save(compCardSchema, stats, save.mutate);
  };

  return (
    <ContentSection name="comp" heading={m.heading} intro={m.intro}>
      <form className="admin-form content-form" onSubmit={submit} noValidate>
        <fieldset className="content-units">
          <legend>{m.units}</legend>
          {MEASUREMENT_UNITS.map((units) => (
            <label key={units} className="content-radio">
              <input
                type="radio"
                name="units"
                value={units}
                checked={stats.units === units}
                onChange={() => setStats((s) => ({ ...s, units }))}
              />
              {m.unitNames[units]}
            </label>
          ))}
        </fieldset>
        <div className="content-grid">
          {COMP_CARD_FIELDS.map((field) => (
            <TextField
              key={field}
              form={form}
              path={field}
              label={m.fields[field]}
              placeholder={m.placeholders[stats.units][field]}
              value={stats[field]}
              onChange={(v) => setStats((s) => ({ ...s, [field]: v }))}
            />
          ))}
        </div>
        <SaveStatus form={form} />
        <div className="admin-form-actions">
          <a className="btn" href="/portfolio/comp-card/print" target="_blank" rel="noopener">
            {m.print}
          </a>
          <SaveButton form={form} label={m.save} />
        </div>
      </form>
    </ContentSection>
  );
}
