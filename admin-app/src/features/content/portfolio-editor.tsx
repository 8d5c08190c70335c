// Her portfolio's media: per section (UGC included), images and videos uploaded several at a time
// through the media route, then described and ordered in the section's list (media-list.tsx). A part of the portfolio
// draft: the workspace's one Save stores it; each uploaded file is added to the saved portfolio at once (the
// workspace), so a stored file is never left out of the content.
import { useState } from 'react';
import type { MediaItem, Portfolio } from '@studio/shared/domain';
import { contentMessages } from './messages';
import type { ContentForm } from './content-form';
import { ContentSection } from './content-section';
import { MediaList } from './media-list';
import { itemsOf, sectionChoices, withItems } from './portfolio-sections';
import { UploadQueue } from './upload-queue';

const m = contentMessages.portfolio;
const PREFIX = 'media';

export function PortfolioEditor({
  draft,
  form,
  onChange,
  onRemoved,
  onUploaded,
  onUploadsBusy,
  stopUploads,
}: {
  draft: Portfolio;
  form: ContentForm;
  onChange(next: Portfolio): void;
  /** An item she deleted from the draft: its files go once the draft without it is saved. */
  onRemoved(item: MediaItem): void;
  /** Items the server stored into `section`: added to the draft and saved; resolves whether that save went through. */
  onUploaded(section: string, items: MediaItem[]): Promise<boolean>;
  /** A batch of uploads starts (true) or ends (false). */
  onUploadsBusy(busy: boolean): void;
  /** True once she left with uploads running: the batch sends no more files. */
  stopUploads(): boolean;
}) {
  const [chosen, setSection] = useState('comp-card');

  const choices = sectionChoices(draft.meta, draft.content);
  // A show or concept she just removed is no longer a choice: fall back to the first section.
  const section = choices.some((c) => c.key === chosen) ? chosen : 'comp-card';
  const items = itemsOf(draft.content, section);
  // Field paths as the schema names them ('content.comp-card.0.name', 'content.runway.fashion-week.2.name').
  const pathOf = (i: number, field: string) => `content.${section.replace('/', '.')}.${i}.${field}`;

  const change = (next: MediaItem[]) => onChange({ ...draft, content: withItems(draft.content, section, next) });

  return (
    <ContentSection name="portfolio" heading={m.heading} intro={m.intro}>
      <div className="field">
        <label htmlFor={`${PREFIX}-section`}>{m.section}</label>
        <select id={`${PREFIX}-section`} value={section} onChange={(e) => setSection(e.target.value)}>
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label} ({itemsOf(draft.content, c.key).length})
            </option>
          ))}
        </select>
      </div>

      <UploadQueue
        key={section}
        section={section}
        onUploaded={(stored) => onUploaded(section, stored)}
        onBusyChange={onUploadsBusy}
        shouldStop={stopUploads}
        notices={{ saved: m.addedToPortfolio, unsaved: m.notAddedToPortfolio }}
      />

      <MediaList items={items} form={form} pathOf={pathOf} idPrefix={PREFIX} onChange={change} onRemoved={onRemoved} />
    </ContentSection>
  );
}
