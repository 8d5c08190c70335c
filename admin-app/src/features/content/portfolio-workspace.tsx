// Her portfolio in one place with ONE Save (reordering used to need "Save section" beside a different
// "Save sections and reels"): the words (shows, concepts, categories, reels) and the media's order, alt texts and
// captions are one draft, checked by the shared schema and stored in one write when she presses Save portfolio.
// Uploads are the one exception, and the screen's introduction says so: each uploaded file is added to the stored
// portfolio as soon as the server has it (the stored portfolio plus that file, never her unsaved draft, so an upload
// does not publish a caption she has not saved) and to the draft, so a stored file is never left out of the saved
// content. The bar tells the truth: "Unsaved changes" while the draft holds changes not stored, "Upload in progress"
// while files go (Save waits for them, and says so), "All changes saved" only when neither. Leaving with either asks
// first (components/leave-guard.tsx): Leave puts the draft back to what is stored and sends no more files.
// Deleting a photo, a show or a concept asks, then changes the draft; the files go once the draft without them is
// saved.
import { useRef, useState } from 'react';
import type { MediaItem, Portfolio } from '@studio/shared/domain';
import { portfolioInputSchema } from '@studio/shared/schemas';
import { contentMessages } from './messages';
import { useDeleteMedia, useSavePortfolio } from './api/save-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useUnsavedChanges } from '../../components/leave-guard';
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

/** `portfolio` with `items` added at the end of `section`. */
const adding = (portfolio: Portfolio, section: string, items: MediaItem[]): Portfolio => ({
  ...portfolio,
  content: withItems(portfolio.content, section, [...itemsOf(portfolio.content, section), ...items]),
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
  // The portfolio as last stored: what an upload adds its file to, and what Leave puts the draft back to.
  const stored = useRef(initial);
  const [dirty, setDirty] = useState(false);
  // Counts her edits: a save does not mark as saved an edit she made while it ran.
  const edits = useRef(0);
  // Batches of uploads under way; `abandoned` once she left while they ran (they stop after the file in flight).
  const [uploads, setUploads] = useState(0);
  const [abandoned, setAbandoned] = useState(false);
  const stopUploads = useRef(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  // Uploads whose files go once a saved portfolio no longer shows them.
  const doomed = useRef<MediaItem[]>([]);
  // One write at a time, in order: an upload's addition and her Save never overwrite each other's portfolio.
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const inTurn = (write: () => Promise<void>) => {
    const next = writes.current.then(write);
    writes.current = next.catch(() => undefined);
    return next;
  };

  const uploading = uploads > 0 && !abandoned;
  const discard = () => {
    setDraft(stored.current);
    setDirty(false);
    doomed.current = [];
    form.reset();
    setRemoval(null);
    if (uploads > 0) {
      stopUploads.current = true;
      setAbandoned(true);
    }
  };
  useUnsavedChanges(dirty || uploading, uploading ? m.leaveWhileUploading : m.leave, discard);

  const change = (next: Portfolio) => {
    edits.current += 1;
    setDraft(next);
    setDirty(true);
    form.reset();
  };

  const saveDraft = async (next: Portfolio) => {
    const at = edits.current;
    const ok = await form.save(portfolioInputSchema, cleaned(next), (checked) =>
      inTurn(async () => {
        await save.mutate(checked);
        stored.current = checked;
      }),
    );
    if (!ok) return false;
    if (edits.current === at) setDirty(false);
    const gone = doomed.current.filter((item) => item.id);
    doomed.current = [];
    // The saved portfolio no longer shows them: a failure here leaves files no page uses, never a broken page.
    await Promise.all(gone.map((item) => deleteMedia.mutate(item.id as string).catch(() => undefined)));
    return true;
  };

  const onUploadsBusy = (busy: boolean) => {
    if (busy) {
      stopUploads.current = false;
      setAbandoned(false);
    }
    setUploads((n) => n + (busy ? 1 : -1));
  };

  const onUploaded = async (section: string, items: MediaItem[]) => {
    setDraft(adding(latest.current, section, items));
    try {
      await inTurn(async () => {
        const checked = portfolioInputSchema.parse(cleaned(adding(stored.current, section, items)));
        await save.mutate(checked);
        stored.current = checked;
      });
      return true;
    } catch {
      // The file is in the draft: Save portfolio stores it with the rest.
      setDirty(true);
      return false;
    }
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
        onUploadsBusy={onUploadsBusy}
        stopUploads={() => stopUploads.current}
      />
      <PortfolioMetaForm draft={draft} form={form} onChange={change} onRemove={setRemoval} />
      <div className="content-sticky-actions portfolio-save-bar">
        <SaveStatus form={form} />
        <div className="portfolio-save-state">
          <p className={dirty || uploads > 0 ? 'unsaved-flag' : 'muted'} role="status" data-testid="portfolio-state">
            {dirty ? m.unsaved : uploads > 0 ? m.uploadsRunning : form.saved ? '' : m.allSaved}
          </p>
          {uploads > 0 && (
            <p id="portfolio-save-waits" className="muted">
              {m.saveWaitsForUploads}
            </p>
          )}
        </div>
        <SaveButton
          form={form}
          label={m.save}
          type="button"
          id="portfolio-save"
          disabled={!dirty || uploads > 0}
          aria-describedby={uploads > 0 ? 'portfolio-save-waits' : undefined}
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
