// Her portfolio in one place with ONE Save (reordering used to need "Save section" beside a different
// "Save sections and reels"): the words (shows, concepts, categories, reels) and the media are one draft, checked by
// the shared schema and stored in one write; "Unsaved changes" shows until then, and leaving the page asks first.
// Deleting a photo, a show or a concept asks, then changes the draft; the files go once the draft without them is
// saved. An upload saves the draft at once, so a stored file is never left out of the saved portfolio.
import { useEffect, useRef, useState } from 'react';
import type { MediaItem, Portfolio } from '@studio/shared/domain';
import { portfolioInputSchema } from '@studio/shared/schemas';
import { contentMessages } from './messages';
import { useDeleteMedia, useSavePortfolio } from './api/save-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SaveButton, SaveStatus, useContentForm } from './content-form';
import { PortfolioEditor } from './portfolio-editor';
import { PortfolioMetaForm, type Removal } from './portfolio-meta-form';
import { removeConcept, removeShow } from './portfolio-shape';
import { withItems, itemsOf } from './portfolio-sections';

const m = contentMessages.portfolio;
const mm = contentMessages.meta;

/** What a Save stores: empty reel rows dropped (a blank row is an unfinished thought, not an error). */
const cleaned = (p: Portfolio): Portfolio => ({
  ...p,
  meta: { ...p.meta, ugcReels: p.meta.ugcReels.map((u) => u.trim()).filter(Boolean) },
});

export function PortfolioWorkspace({ initial }: { initial: Portfolio }) {
  const save = useSavePortfolio();
  const deleteMedia = useDeleteMedia();
  const form = useContentForm('portfolio');
  const [draft, setDraftState] = useState<Portfolio>(initial);
  // The draft as last set, for an upload that finishes after she went on editing (state seen by its closure is old).
  const latest = useRef(initial);
  const setDraft = (next: Portfolio) => {
    latest.current = next;
    setDraftState(next);
  };
  const [dirty, setDirty] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  // Uploads whose files go once a saved portfolio no longer shows them.
  const doomed = useRef<MediaItem[]>([]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: Portfolio) => {
    setDraft(next);
    setDirty(true);
    form.reset();
  };

  const saveDraft = async (next: Portfolio) => {
    const ok = await form.save(portfolioInputSchema, cleaned(next), save.mutate);
    if (!ok) return false;
    setDirty(false);
    const gone = doomed.current.filter((item) => item.id);
    doomed.current = [];
    // The saved portfolio no longer shows them: a failure here leaves files no page uses, never a broken page.
    await Promise.all(gone.map((item) => deleteMedia.mutate(item.id as string).catch(() => undefined)));
    return true;
  };

  const onUploaded = async (section: string, items: MediaItem[]) => {
    const d = latest.current;
    const next = { ...d, content: withItems(d.content, section, [...itemsOf(d.content, section), ...items]) };
    setDraft(next);
    setDirty(true);
    return saveDraft(next);
  };

  const confirmRemoval = async () => {
    if (!removal) return;
    const { portfolio, removed } =
      removal.kind === 'show' ? removeShow(latest.current, removal.id) : removeConcept(latest.current, removal.index);
    doomed.current.push(...removed);
    change(portfolio);
  };

  const removalName =
    removal?.kind === 'show'
      ? (draft.meta.RUNWAY_SECTION_MAP[removal.id] ?? removal.id)
      : removal
        ? (draft.meta.PRINT_CONCEPTS[removal.index] ?? '')
        : '';
  const removalCount =
    removal?.kind === 'show'
      ? (draft.content.runway[removal.id]?.length ?? 0)
      : removal
        ? (draft.content.print[draft.meta.PRINT_CONCEPT_KEY_MAP[removalName] ?? '']?.length ?? 0)
        : 0;

  return (
    <div className="portfolio-workspace">
      <PortfolioEditor
        draft={draft}
        form={form}
        onChange={change}
        onRemoved={(item) => doomed.current.push(item)}
        onUploaded={onUploaded}
      />
      <PortfolioMetaForm draft={draft} form={form} onChange={change} onRemove={setRemoval} />
      <div className="content-sticky-actions portfolio-save-bar">
        <SaveStatus form={form} />
        <p className={dirty ? 'unsaved-flag' : 'muted'} role="status">
          {dirty ? m.unsaved : form.saved ? '' : m.allSaved}
        </p>
        <SaveButton
          form={form}
          label={m.save}
          type="button"
          id="portfolio-save"
          disabled={!dirty}
          onClick={() => void saveDraft(draft)}
        />
      </div>
      {removal && (
        <ConfirmDialog
          title={removal.kind === 'show' ? mm.removeShowTitle(removalName) : mm.removeConceptTitle(removalName)}
          body={mm.removeShowBody(removalCount)}
          confirmLabel={removal.kind === 'show' ? mm.removeShowConfirm : mm.removeConceptConfirm}
          onConfirm={confirmRemoval}
          onClose={() => setRemoval(null)}
        />
      )}
    </div>
  );
}
