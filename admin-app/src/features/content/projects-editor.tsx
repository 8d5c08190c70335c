// Her projects and their galleries: each project's title, description and category, and its
// photos and videos uploaded several at a time into the section 'projects/<id>' (upload-queue.tsx, the pipeline's
// rules: sniffed, size-limited, metadata removed), then described and ordered (media-list.tsx) like a portfolio
// section. An upload saves the project at once, so a stored file is never left out of its gallery; a photo she
// deletes leaves the draft, and its files go once the project without it is saved. Addresses pasted before uploads
// reached projects become items of the list, named as her page named them, for her to describe better.
// Delete asks first: the project's page at /portfolio/<id> and its uploaded files go with it. A print project's page
// shows no videos (projectShowsVideos, the public page's own rule): the editor says so beside its gallery.
import { useRef, useState, type FormEvent } from 'react';
import { projectShowsVideos, type MediaItem, type ProjectWithGallery } from '@studio/shared/domain';
import { projectInputSchema } from '@studio/shared/schemas';
import { Loading } from '../../components/loading';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { contentMessages } from './messages';
import { useAdminProjects } from './api/get-content';
import { useDeleteMedia, useDeleteProject, useSaveProject } from './api/save-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ContentSection } from './content-section';
import { ErrorAlert, SaveButton, SaveStatus, TextAreaField, TextField, useContentForm } from './content-form';
import { MediaList } from './media-list';
import { slugOf } from './service-form';
import { UploadQueue } from './upload-queue';

const m = contentMessages.projects;
const PREFIX = 'project';

/** The gallery as one list: her uploads in her order, then the addresses pasted before (images, then videos). */
export function galleryItems(entry: ProjectWithGallery): MediaItem[] {
  const { project, gallery } = entry;
  return [
    ...(gallery.media ?? []),
    ...gallery.images.map((url, i) => ({ type: 'image' as const, url, name: m.pastedImage(project.title, i + 1) })),
    ...gallery.videos.map((url, i) => ({ type: 'video' as const, url, name: m.pastedVideo(project.title, i + 1) })),
  ];
}

function ProjectForm({
  entry,
  takenIds,
  onClose,
}: {
  entry: ProjectWithGallery | null;
  takenIds: string[];
  onClose: () => void;
}) {
  const save = useSaveProject();
  const deleteMedia = useDeleteMedia();
  const form = useContentForm(PREFIX);
  const [title, setTitle] = useState(entry?.project.title ?? '');
  const [description, setDescription] = useState(entry?.project.description ?? '');
  const [category, setCategory] = useState(entry?.project.category ?? '');
  const [media, setMediaState] = useState<MediaItem[]>(() => (entry ? galleryItems(entry) : []));
  // The list as last set, for an upload that finishes after she went on editing (its closure's state is old).
  const latestMedia = useRef(media);
  const setMedia = (next: MediaItem[]) => {
    latestMedia.current = next;
    setMediaState(next);
  };
  // A new project exists once its first save (an upload's or hers) went through: its address is fixed from then on.
  const [storedId, setStoredId] = useState<string | null>(entry?.project.id ?? null);
  // Uploads whose files go once a saved gallery no longer shows them.
  const doomed = useRef<MediaItem[]>([]);
  const id = storedId ?? slugOf(title);

  const saveDraft = async (items: MediaItem[]) => {
    if (!storedId && takenIds.includes(id)) {
      form.fail('project.title', m.idTaken);
      return false;
    }
    const value = {
      project: { id, title, description, category },
      gallery: { images: [], videos: [], media: items },
    };
    const ok = await form.save(projectInputSchema, value, save.mutate);
    if (!ok) return false;
    setStoredId(id);
    const gone = doomed.current.filter((item) => item.id);
    doomed.current = [];
    // The saved gallery no longer shows them: a failure here leaves files no page uses, never a broken page.
    await Promise.all(gone.map((item) => deleteMedia.mutate(item.id as string).catch(() => undefined)));
    return true;
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    void saveDraft(media).then((ok) => ok && onClose());
  };

  const onUploaded = (stored: MediaItem[]) => {
    const next = [...latestMedia.current, ...stored];
    setMedia(next);
    return saveDraft(next);
  };

  return (
    <Modal title={entry ? m.editTitle(entry.project.title) : m.addTitle} onClose={onClose}>
      <div className="admin-form content-form">
        <form id="project-form" onSubmit={submit} noValidate>
          <TextField form={form} path="project.title" label={m.title} value={title} onChange={setTitle} />
          {!storedId && <p className="muted">{m.address(id || '…')}</p>}
          <TextAreaField
            form={form}
            path="project.description"
            label={m.description}
            value={description}
            onChange={setDescription}
          />
          <TextField form={form} path="project.category" label={m.category} value={category} onChange={setCategory} />
        </form>
        <section className="project-media" aria-labelledby="project-media-heading">
          <h3 id="project-media-heading">{m.media}</h3>
          {!projectShowsVideos(category) && (
            <p className="field-hint" role="note">
              {m.videosHidden(category, media.filter((item) => item.type === 'video').length)}
            </p>
          )}
          {id ? (
            // Keyed by the address: the files go to 'projects/<id>', the section of this project alone.
            <UploadQueue key={id} section={`projects/${id}`} onUploaded={onUploaded} />
          ) : (
            <p className="muted">{m.uploadNeedsTitle}</p>
          )}
          <MediaList
            items={media}
            form={form}
            pathOf={(i, field) => `gallery.media.${i}.${field}`}
            idPrefix={`${PREFIX}-media`}
            onChange={setMedia}
            onRemoved={(item) => doomed.current.push(item)}
          />
        </section>
        <SaveStatus form={form} />
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {messages.cancel}
          </button>
          <SaveButton form={form} label={messages.save} type="button" onClick={() => submit()} />
        </div>
      </div>
    </Modal>
  );
}

export function ProjectsEditor() {
  const projects = useAdminProjects();
  const remove = useDeleteProject();
  const deleteMedia = useDeleteMedia();
  // The project goes first; then its uploads, which no page shows any more (a failure leaves unused files only).
  const removeProject = async (entry: ProjectWithGallery) => {
    await remove.mutate(entry.project.id);
    const uploads = (entry.gallery.media ?? []).filter((item) => item.id);
    await Promise.all(uploads.map((item) => deleteMedia.mutate(item.id as string).catch(() => undefined)));
  };
  const [editing, setEditing] = useState<ProjectWithGallery | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProjectWithGallery | null>(null);

  if (projects.status === 'loading') return <Loading />;
  if (projects.status === 'error') {
    return <ErrorAlert>{contentMessages.loadFailed}</ErrorAlert>;
  }
  return (
    <ContentSection name="projects" heading={m.heading} add={{ label: m.add, onClick: () => setEditing('new') }}>
      {projects.data.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <ul className="content-list">
          {projects.data.map((entry) => (
            <li key={entry.project.id} className="content-card">
              <div className="content-card-main">
                <h3>{entry.project.title}</h3>
                <p className="muted">
                  {m.summary(
                    entry.project.id,
                    galleryItems(entry).filter((item) => item.type === 'image').length,
                    galleryItems(entry).filter((item) => item.type === 'video').length,
                  )}
                </p>
              </div>
              <div className="content-card-actions">
                <button type="button" className="btn" onClick={() => setEditing(entry)}>
                  {m.edit}
                  <span className="visually-hidden"> {entry.project.title}</span>
                </button>
                <button type="button" className="btn btn-delete" onClick={() => setDeleting(entry)}>
                  {messages.delete}
                  <span className="visually-hidden"> {entry.project.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ProjectForm
          entry={editing === 'new' ? null : editing}
          takenIds={projects.data.map((p) => p.project.id)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={m.deleteTitle(deleting.project.title)}
          body={m.deleteBody(deleting.project.id)}
          confirmLabel={m.deleteConfirm}
          onConfirm={() => removeProject(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </ContentSection>
  );
}
