// A line item of her quote as she edits it in the quote editor (usage rights, whitelisting, exclusivity, overtime,
// travel): its fields, in dollars and days as she types them, and its Remove button.
import { USAGE_CHANNELS, type QuoteLineKind, type UsageChannel } from '@studio/shared/domain/quote';
import type { LineDraft, TermDraft } from './quote-draft';
import { describedBy, FieldError } from './quote-terms-fields';

// One table says which fields each kind of line has, in order: their labels, their units and the field of the
// server's QuoteLine each one fills (so its errors show beside it). LineFields renders any kind from it; the bounds
// stay with the schema (quoteInputSchema), which the editor already checks and names by the same paths.
type KindDraft<K extends QuoteLineKind> = Extract<LineDraft, { kind: K }>;
/** A typed field: `key` is the draft's text and the id's suffix, `path` the server's field. */
interface InputSpec<L> {
  control: 'input';
  key: Exclude<{ [P in keyof L]: L[P] extends string ? P : never }[keyof L], 'kind'> & string;
  label: string;
  /** Shown after the label: '$' for amounts typed in dollars. */
  unit?: '$';
  path: string;
}
type FieldSpec<L> = InputSpec<L> | { control: 'channels'; path: 'channels' } | { control: 'term'; path: 'termDays' };
interface KindSpec<L> {
  label: string;
  /** Fields shown side by side (overtime's hours and rate), else one under another. */
  pair?: boolean;
  fields: ReadonlyArray<FieldSpec<L>>;
}

const AMOUNT = { control: 'input', key: 'amount', label: 'Amount', unit: '$', path: 'amountCents' } as const;
const TERM = { control: 'term', path: 'termDays' } as const;

const LINE_KINDS: { [K in QuoteLineKind]: KindSpec<KindDraft<K>> } = {
  usage: {
    label: 'Usage rights',
    fields: [
      { control: 'channels', path: 'channels' },
      TERM,
      { control: 'input', key: 'territory', label: 'Territory', path: 'territory' },
      AMOUNT,
    ],
  },
  whitelisting: { label: 'Whitelisting', fields: [TERM, AMOUNT] },
  exclusivity: {
    label: 'Exclusivity',
    fields: [
      { control: 'input', key: 'category', label: 'Category (no competitor in)', path: 'category' },
      TERM,
      AMOUNT,
    ],
  },
  overtime: {
    label: 'Overtime',
    pair: true,
    fields: [
      { control: 'input', key: 'hours', label: 'Hours', path: 'hours' },
      { control: 'input', key: 'rate', label: 'Rate per hour', unit: '$', path: 'rateCents' },
    ],
  },
  travel: {
    label: 'Travel',
    fields: [{ control: 'input', key: 'description', label: 'What for', path: 'description' }, AMOUNT],
  },
};

/** The name of a kind of line, on its button and above its fields. */
export const lineKindLabel = (kind: QuoteLineKind) => LINE_KINDS[kind].label;

function TermField({
  id,
  term,
  errors,
  path,
  onChange,
}: {
  id: string;
  term: TermDraft;
  errors: Record<string, string>;
  path: string;
  onChange: (term: TermDraft) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-term`}>Term</label>
      <select
        id={`${id}-term`}
        value={term.preset}
        onChange={(e) => onChange({ ...term, preset: e.target.value as TermDraft['preset'] })}
      >
        <option value="30">30 days</option>
        <option value="60">60 days</option>
        <option value="90">90 days</option>
        <option value="custom">Other number of days</option>
      </select>
      {term.preset === 'custom' && (
        <>
          <label htmlFor={`${id}-days`} className="visually-hidden">
            Days
          </label>
          <input
            id={`${id}-days`}
            inputMode="numeric"
            placeholder="Days"
            value={term.customDays}
            onChange={(e) => onChange({ ...term, customDays: e.target.value })}
            {...describedBy(`${id}-days`, errors, path)}
          />
        </>
      )}
      <FieldError id={`${id}-days`} errors={errors} path={path} />
    </div>
  );
}

function ChannelsField({
  id,
  channels,
  errors,
  path,
  onChange,
}: {
  id: string;
  channels: readonly UsageChannel[];
  errors: Record<string, string>;
  path: string;
  onChange: (channels: UsageChannel[]) => void;
}) {
  return (
    <fieldset className="quote-channels">
      <legend>Channels</legend>
      {USAGE_CHANNELS.map((channel) => (
        <label key={channel} className="quote-check">
          <input
            type="checkbox"
            checked={channels.includes(channel)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? USAGE_CHANNELS.filter((c) => c === channel || channels.includes(c))
                  : channels.filter((c) => c !== channel),
              )
            }
          />
          {channel}
        </label>
      ))}
      <FieldError id={`${id}-channels`} errors={errors} path={path} />
    </fieldset>
  );
}

export function LineFields({
  index,
  line,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  line: LineDraft;
  errors: Record<string, string>;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const id = `quote-line-${index}`;
  const at = (field: string) => `lines.${index}.${field}`;
  // The table is typed per kind; read here through the union, each spec's key is a text field of this line's kind.
  const spec = LINE_KINDS[line.kind] as KindSpec<LineDraft>;
  const text = line as unknown as Record<string, string>;
  const fields = spec.fields.map((field) => {
    switch (field.control) {
      case 'channels':
        return line.kind === 'usage' ? (
          <ChannelsField
            key="channels"
            id={id}
            channels={line.channels}
            errors={errors}
            path={at(field.path)}
            onChange={(channels) => onChange({ channels })}
          />
        ) : null;
      case 'term':
        return 'term' in line ? (
          <TermField
            key="term"
            id={id}
            term={line.term}
            errors={errors}
            path={at(field.path)}
            onChange={(term) => onChange({ term })}
          />
        ) : null;
      case 'input': {
        const inputId = `${id}-${field.key}`;
        const path = at(field.path);
        return (
          <div className="field" key={field.key}>
            <label htmlFor={inputId}>{field.unit ? `${field.label} (${field.unit})` : field.label}</label>
            <input
              id={inputId}
              inputMode="decimal"
              value={text[field.key] ?? ''}
              onChange={(e) => onChange({ [field.key]: e.target.value } as Partial<LineDraft>)}
              {...describedBy(inputId, errors, path)}
            />
            <FieldError id={inputId} errors={errors} path={path} />
          </div>
        );
      }
    }
  });
  return (
    <fieldset className="quote-line" aria-label={`${spec.label} (line ${index + 1})`}>
      <div className="quote-line-head">
        <strong>{spec.label}</strong>
        <button type="button" className="btn btn-small" onClick={onRemove}>
          Remove
        </button>
      </div>
      {spec.pair ? <div className="quote-pair">{fields}</div> : fields}
    </fieldset>
  );
}
