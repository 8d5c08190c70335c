// Her projects and their galleries (issue 16): each project's title, description and category, and the gallery's
// image and video addresses in order (one per line; an upload in the Portfolio area gives an address to paste).
// Delete asks first: the project's page at /portfolio/<id> goes with it.
import { useState, type FormEvent } from 'react';
import type { ProjectWithGallery } from '@studio/shared/domain';
import { projectInputSchema } from '@studio/shared/schemas';
import { Loading } from '../../components/loading';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { useAdminProjects } from './api/get-content';
import { useDeleteProject, useSaveProject } from './api/save-content';
import { ConfirmDialog } from './confirm-dialog';
import { ContentSection } from './content-section';
import { ErrorAlert, SaveButton, SaveStatus, TextAreaField, TextField, useContentForm } from './content-form';
import { slugOf } from './service-form';

const m = messages.content.projects;
const PREFIX = 'project';
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

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
  const form = useContentForm(PREFIX);
  const [title, setTitle] = useState(entry?.project.title ?? '');
  const [description, setDescription] = useState(entry?.project.description ?? '');
  const [category, setCategory] = useState(entry?.project.category ?? '');
  const [images, setImages] = useState(entry?.gallery.images.join('\n') ?? '');
  const [videos, setVideos] = useState(entry?.gallery.videos.join('\n') ?? '');
  const id = entry?.project.id ?? slugOf(title);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry && takenIds.includes(id)) return form.fail('project.title', m.idTaken);
    const value = {
      project: { id, title, description, category },
      gallery: { images: lines(images), videos: lines(videos) },
    };
    void form.save(projectInputSchema, value, save.mutate).then((ok) => ok && onClose());
  };

  return (
    <Modal title={entry ? m.editTitle(entry.project.title) : m.addTitle} onClose={onClose}>
      <form className="admin-form content-form" onSubmit={submit} noValidate>
        <TextField form={form} path="project.title" label={m.title} value={title} onChange={setTitle} />
        {!entry && <p className="muted">{m.address(id || '…')}</p>}
        <TextAreaField
          form={form}
          path="project.description"
          label={m.description}
          value={description}
          onChange={setDescription}
        />
        <TextField form={form} path="project.category" label={m.category} value={category} onChange={setCategory} />
        <TextAreaField
          form={form}
          path="gallery.images"
          label={m.images}
          hint={m.linesHint}
          rows={5}
          value={images}
          onChange={setImages}
        />
        <TextAreaField
          form={form}
          path="gallery.videos"
          label={m.videos}
          hint={m.linesHint}
          rows={3}
          value={videos}
          onChange={setVideos}
        />
        <SaveStatus form={form} />
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {messages.cancel}
          </button>
          <SaveButton form={form} label={messages.save} />
        </div>
      </form>
    </Modal>
  );
}

export function ProjectsEditor() {
  const projects = useAdminProjects();
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<ProjectWithGallery | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProjectWithGallery | null>(null);

  if (projects.status === 'loading') return <Loading />;
  if (projects.status === 'error') {
    return <ErrorAlert>{messages.content.loadFailed}</ErrorAlert>;
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
                  {m.summary(entry.project.id, entry.gallery.images.length, entry.gallery.videos.length)}
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
          onConfirm={() => remove.mutate(deleting.project.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </ContentSection>
  );
}
