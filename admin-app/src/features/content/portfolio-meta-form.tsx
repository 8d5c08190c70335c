// The words around her portfolio (issue 16): each category's label and description, each runway show's title and
// subtitle, each print concept's style, wardrobe, setting and purpose, and the UGC reel links (Instagram, TikTok,
// YouTube and the other allowed social hosts only).
import { useState, type FormEvent } from 'react';
import type { PortfolioMeta, PrintConceptDetails } from '@studio/shared/domain';
import { portfolioMetaInputSchema } from '@studio/shared/schemas';
import { messages } from '../../messages';
import { useSavePortfolioMeta } from './api/save-content';
import { SaveButton, SaveStatus, TextAreaField, TextField, useContentForm } from './content-form';
import { ContentSection } from './content-section';
import { removeAt, updateAt } from './list-items';

const m = messages.content.meta;
const PREFIX = 'meta';
const DETAIL_FIELDS = ['style', 'wardrobe', 'setting', 'purpose'] as const;
const EMPTY_DETAILS: PrintConceptDetails = { style: '', wardrobe: '', setting: '', purpose: '' };

export function PortfolioMetaForm({ initial }: { initial: PortfolioMeta }) {
  const save = useSavePortfolioMeta();
  const form = useContentForm(PREFIX);
  const [meta, setMeta] = useState<PortfolioMeta>(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty reel rows are dropped rather than refused: a blank row is an unfinished thought, not an error.
    const value = { ...meta, ugcReels: meta.ugcReels.map((u) => u.trim()).filter(Boolean) };
    void form.save(portfolioMetaInputSchema, value, save.mutate).then((ok) => ok && setMeta(value));
  };

  return (
    <ContentSection name="meta" heading={m.heading}>
      <form className="admin-form content-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>{m.categories}</legend>
          {meta.portfolioCategories.map((category, i) => (
            <div key={category.id} className="content-tier" role="group" aria-label={category.label || category.id}>
              <TextField
                form={form}
                path={`portfolioCategories.${i}.label`}
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
                path={`portfolioCategories.${i}.description`}
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
          <legend>{m.runway}</legend>
          {Object.keys(meta.RUNWAY_SECTION_MAP).map((id) => (
            <div key={id} className="content-tier" role="group" aria-label={meta.RUNWAY_SECTION_MAP[id]}>
              <TextField
                form={form}
                path={`RUNWAY_SECTION_MAP.${id}`}
                label={m.runwayTitle(id)}
                value={meta.RUNWAY_SECTION_MAP[id] ?? ''}
                onChange={(v) => setMeta((x) => ({ ...x, RUNWAY_SECTION_MAP: { ...x.RUNWAY_SECTION_MAP, [id]: v } }))}
              />
              <TextField
                form={form}
                path={`RUNWAY_SECTION_SUBTITLES.${id}`}
                label={m.runwaySubtitle(id)}
                value={meta.RUNWAY_SECTION_SUBTITLES[id] ?? ''}
                onChange={(v) =>
                  setMeta((x) => ({ ...x, RUNWAY_SECTION_SUBTITLES: { ...x.RUNWAY_SECTION_SUBTITLES, [id]: v } }))
                }
              />
            </div>
          ))}
        </fieldset>

        <fieldset>
          <legend>{m.print}</legend>
          {meta.PRINT_CONCEPTS.map((name) => {
            const key = meta.PRINT_CONCEPT_KEY_MAP[name] ?? '';
            const details = meta.PRINT_CONCEPT_DETAILS[key] ?? EMPTY_DETAILS;
            return (
              <div key={name} className="content-tier" role="group" aria-label={name}>
                <h3 className="content-subhead">{name}</h3>
                {DETAIL_FIELDS.map((field) => (
                  <TextField
                    key={field}
                    form={form}
                    path={`PRINT_CONCEPT_DETAILS.${key}.${field}`}
                    label={m.detail(name, field)}
                    value={details[field]}
                    onChange={(v) =>
                      setMeta((x) => ({
                        ...x,
                        PRINT_CONCEPT_DETAILS: { ...x.PRINT_CONCEPT_DETAILS, [key]: { ...details, [field]: v } },
                      }))
                    }
                  />
                ))}
              </div>
            );
          })}
        </fieldset>

        <fieldset>
          <legend>{m.reels}</legend>
          <p className="muted">{m.reelsHint}</p>
          {meta.ugcReels.map((url, i) => (
            <div key={i} className="content-link">
              <TextField
                form={form}
                path={`ugcReels.${i}`}
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
        <SaveStatus form={form} />
        <div className="admin-form-actions">
          <SaveButton form={form} label={m.save} />
        </div>
      </form>
    </ContentSection>
  );
}
