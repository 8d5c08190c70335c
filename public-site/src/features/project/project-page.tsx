// Project detail (docs/product.md §2): title, description, image gallery, and videos unless the category is print. In the
// original the section route shadowed it; here /portfolio/{id} falls through to it when the id is no section.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@studio/shared/router';
import { backend } from '@studio/shared/backend';
import type { Gallery, MediaItem, Project } from '@studio/shared/domain';
import { MediaGallery } from '../../components/media/media-gallery';
import { messages } from '../../messages';
import { PageLoading } from '../../components/page-loading';

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'missing' }
  | { status: 'ready'; project: Project; gallery: Gallery | null };

export interface ProjectPageProps {
  projectId: string;
  /** What to show when no project has this id; 'Project not found' unless the route says otherwise. */
  notFound?: ReactNode;
}

export function ProjectPage({ projectId, notFound }: ProjectPageProps) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    // The gallery is asked for only once the project exists, so an unknown id costs one request.
    backend.portfolio
      .getProject(projectId)
      .then(async (project) => {
        if (!project) return { status: 'missing' } as const;
        const gallery = await backend.portfolio.getGallery(projectId);
        return { status: 'ready', project, gallery } as const;
      })
      .then(
        (next) => live && setState(next),
        () => live && setState({ status: 'error' }),
      );
    return () => {
      live = false;
    };
  }, [projectId]);

  if (state.status === 'loading') {
    return (
      <section className="page">
        <PageLoading />
      </section>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="page">
        <p role="alert" className="alert alert-error">
          {messages.project.failed}
        </p>
      </section>
    );
  }
  if (state.status === 'missing') {
    return (
      notFound ?? (
        <section className="page not-found">
          <h1>{messages.project.notFound}</h1>
        </section>
      )
    );
  }

  const { project, gallery } = state;
  const images: MediaItem[] = (gallery?.images ?? []).map((url, i) => ({
    type: 'image',
    url,
    name: messages.project.image(project.title, i + 1),
  }));
  const videos: MediaItem[] =
    project.category === 'print'
      ? []
      : (gallery?.videos ?? []).map((url, i) => ({
          type: 'video',
          url,
          name: messages.project.video(project.title, i + 1),
        }));

  return (
    <article className="page project">
      <Link className="back-link" to="/portfolio">
        <span aria-hidden="true">←</span>
        {messages.project.backToPortfolio}
      </Link>
      <header className="page-header">
        <p className="eyebrow">{project.category}</p>
        <h1>{project.title}</h1>
        <p>{project.description}</p>
      </header>
      <h2 className="visually-hidden">{messages.project.images}</h2>
      {images.length > 0 ? (
        <MediaGallery items={images} label={messages.project.images} />
      ) : (
        <p className="empty-state">{messages.project.noImages}</p>
      )}
      {videos.length > 0 && (
        <section className="project-videos" aria-labelledby="project-videos-title">
          <h2 id="project-videos-title">{messages.project.videos}</h2>
          <MediaGallery items={videos} label={messages.project.videos} aboveFold={false} />
        </section>
      )}
    </article>
  );
}
