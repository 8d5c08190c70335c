// The words around her portfolio: each category's label and description, her runway shows (title
// and subtitle) and print concepts (name, style, wardrobe, setting, purpose), each added, removed after a question
// and put in order, and the UGC reel links (Instagram, TikTok, YouTube and the other allowed social hosts only).
// A part of the portfolio draft: the workspace's one Save stores it with the media.
import { useState, type ReactNode } from 'react';
import type { Portfolio, PortfolioMeta, PrintConceptDetails } from '@studio/shared/domain';
import { contentMessages } from './messages';
import type { ContentForm } from './content-form';
import { ErrorAlert, TextAreaField, TextField } from './content-form';
import { ContentSection } from './content-section';
import { removeAt, updateAt } from './list-items';
import { addConcept, addShow, conceptKeyOf, moveConcept, moveShow, renameConcept, showIds } from './portfolio-shape';
import { MoveButtons } from './row-actions';

const m = contentMessages.meta;
const DETAIL_FIELDS = ['style', 'wardrobe', 'setting', 'purpose'] as const;
const EMPTY_DETAILS: PrintConceptDetails = { style: '', wardrobe: '', setting: '', purpose: '' };

export type Removal = { kind: 'show'; id: string } | { kind: 'concept'; index: number };

/** A name field and its Add button: the new entry's address name comes from the name, so it cannot be empty. */
function AddRow({
  id,
  label,
  button,
  onAdd,
}: {
  id: string;
  label: string;
  button: string;
  onAdd(name: string): void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    if (name.trim() === '') {
      setError(m.nameNeeded);
      document.getElementById(id)?.focus();
      return;
    }
    onAdd(name);
    setName('');
    setError(null);
  };
  return (
    <div className="content-add-row">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds here, not the whole form's default.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
      </div>
      <button type="button" className="btn" onClick={add}>
        {button}
      </button>
      {error && <ErrorAlert>{error}</ErrorAlert>}
    </div>
  );
}

function EntryActions({ children }: { children: ReactNode }) {
  return <div className="content-entry-actions">{children}</div>;
}

export function PortfolioMetaForm({
  draft,
  form,
  onChange,
  onRemove,
}: {
  draft: Portfolio;
  form: ContentForm;
  onChange(next: Portfolio): void;
  onRemove(removal: Removal): void;
}) {
  const meta = draft.meta;
  const setMeta = (update: (meta: PortfolioMeta) => PortfolioMeta) => onChange({ ...draft, meta: update(meta) });
  const shows = showIds(draft);
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  return (
    <ContentSection name="meta" heading={m.heading}>
      <div className="admin-form content-form">
        <fieldset>
          <legend>{m.runway}</legend>
          {shows.length === 0 && <p className="muted">{m.noShows}</p>}
          {shows.map((id, i) => {
            const title = meta.RUNWAY_SECTION_MAP[id] ?? '';
            const name = title || id;
            return (
              <div key={id} className="content-tier" role="group" aria-label={name}>
                <TextField
                  form={form}
                  path={`meta.RUNWAY_SECTION_MAP.${id}`}
                  label={m.runwayTitle(id)}
                  value={title}
                  maxLength={100}
                  onChange={(v) => setMeta((x) => ({ ...x, RUNWAY_SECTION_MAP: { ...x.RUNWAY_SECTION_MAP, [id]: v } }))}
                />
                <TextField
                  form={form}
                  path={`meta.RUNWAY_SECTION_SUBTITLES.${id}`}
                  label={m.runwaySubtitle(id)}
                  value={meta.RUNWAY_SECTION_SUBTITLES[id] ?? ''}
                  maxLength={200}
                  onChange={(v) =>
                    setMeta((x) => ({ ...x, RUNWAY_SECTION_SUBTITLES: { ...x.RUNWAY_SECTION_SUBTITLES, [id]: v } }))
                  }
                />
                <p className="muted">{m.address(`/portfolio/runway?show=${id}`)}</p>
                <EntryActions>
                  <MoveButtons
                    index={i}
                    count={shows.length}
                    upLabel={m.moveShowUp(name)}
                    downLabel={m.moveShowDown(name)}
                    idPrefix={`show-${id}`}
                    onMove={(to, direction) => {
                      onChange(moveShow(draft, i, to));
                      focusLater(`show-${id}-${direction}`);
                    }}
                  />
                  <button type="button" className="btn btn-ghost" onClick={() => onRemove({ kind: 'show', id })}>
                    {m.removeShow(name)}
                  </button>
                </EntryActions>
              </div>
            );
          })}
          <AddRow
            id="meta-new-show"
            label={m.newShow}
            button={m.addShow}
            onAdd={(title) => {
              const added = addShow(draft, title);
              onChange(added.portfolio);
              focusLater(`portfolio-meta-RUNWAY_SECTION_SUBTITLES-${added.id}`);
            }}
          />
        </fieldset>

        <fieldset>
          <legend>{m.print}</legend>
          {meta.PRINT_CONCEPTS.length === 0 && <p className="muted">{m.noConcepts}</p>}
          {meta.PRINT_CONCEPTS.map((name, i) => {
            const key = conceptKeyOf(draft, name);
            const details = meta.PRINT_CONCEPT_DETAILS[key] ?? EMPTY_DETAILS;
            const label = name || key;
            return (
              // The key, not the name: the name changes as she types it.
              <div key={key || i} className="content-tier" role="group" aria-label={label}>
                <TextField
                  form={form}
                  path={`meta.PRINT_CONCEPTS.${i}`}
                  label={`${m.conceptName} (${key})`}
                  value={name}
                  maxLength={100}
                  onChange={(v) => onChange(renameConcept(draft, i, v))}
                />
                <p className="muted">{m.address(`/portfolio/print/${key}`)}</p>
                {DETAIL_FIELDS.map((field) => (
                  <TextAreaField
                    key={field}
                    form={form}
                    path={`meta.PRINT_CONCEPT_DETAILS.${key}.${field}`}
                    label={m.detail(label, field)}
                    rows={2}
                    maxLength={500}
                    value={details[field]}
                    onChange={(v) =>
                      setMeta((x) => ({
                        ...x,
                        PRINT_CONCEPT_DETAILS: { ...x.PRINT_CONCEPT_DETAILS, [key]: { ...details, [field]: v } },
                      }))
                    }
                  />
                ))}
                <EntryActions>
                  <MoveButtons
                    index={i}
                    count={meta.PRINT_CONCEPTS.length}
                    upLabel={m.moveConceptUp(label)}
                    downLabel={m.moveConceptDown(label)}
                    idPrefix={`concept-${key}`}
                    onMove={(to, direction) => {
                      onChange(moveConcept(draft, i, to));
                      focusLater(`concept-${key}-${direction}`);
                    }}
                  />
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => onRemove({ kind: 'concept', index: i })}
                  >
                    {m.removeConcept(label)}
                  </button>
                </EntryActions>
              </div>
            );
          })}
          <AddRow
            id="meta-new-concept"
            label={m.newConcept}
            button={m.addConcept}
            onAdd={(name) => {
              const added = addConcept(draft, name);
              onChange(added.portfolio);
              focusLater(`portfolio-meta-PRINT_CONCEPT_DETAILS-${added.key}-style`);
            }}
          />
        </fieldset>

        <fieldset>
          <legend>{m.categories}</legend>
          {meta.portfolioCategories.map((category, i) => (
            <div key={category.id} className="content-tier" role="group" aria-label={category.label || category.id}>
              <TextField
                form={form}
                path={`meta.portfolioCategories.${i}.label`}
                label={m.categoryLabel(category.id)}
                value={category.label}
                onChange={(label) =>
                  setMeta((x) => ({
                    ...x,
                    portfolioCategories: updateAt(x.portfolioCategories, i, (c) => ({ ...c, label })),
                  }))
                }
              />
              <TextAreaField
                form={form}
                path={`meta.portfolioCategories.${i}.description`}
                label={m.categoryDescription(category.id)}
                rows={2}
                value={category.description}
                onChange={(description) =>
                  setMeta((x) => ({
                    ...x,
                    portfolioCategories: updateAt(x.portfolioCategories, i, (c) => ({ ...c, description })),
                  }))
                }
              />
            </div>
          ))}
        </fieldset>

        <fieldset>
          <legend>{m.reels}</legend>
          <p className="muted">{m.reelsHint}</p>
          {meta.ugcReels.map((url, i) => (
            <div key={i} className="content-link">
              <TextField
                form={form}
                path={`meta.ugcReels.${i}`}
                label={m.reel(i + 1)}
                type="url"
                value={url}
                onChange={(v) => setMeta((x) => ({ ...x, ugcReels: updateAt(x.ugcReels, i, () => v) }))}
              />
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setMeta((x) => ({ ...x, ugcReels: removeAt(x.ugcReels, i) }))}
              >
                {m.reelRemove(i + 1)}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn"
            onClick={() => setMeta((x) => ({ ...x, ugcReels: [...x.ugcReels, ''] }))}
          >
            {m.reelAdd}
          </button>
        </fieldset>
      </div>
    </ContentSection>
  );
}
