// Project detail (docs/product.md §2): title, description, image gallery, and videos unless the category is print. In the
// original the section route shadowed it; here /portfolio/{id} falls through to it when the id is no section. Her
// uploaded videos play with the browser's controls and their sound.
import type { ReactNode } from 'react';
import { Link } from '@studio/shared/router';
import { projectShowsVideos, type MediaItem } from '@studio/shared/domain';
import { MediaGallery } from '../../components/media/media-gallery';
import { messages } from '../../messages';
import { PageLoading } from '../../components/page-loading';
import { useGallery } from './api/get-gallery';
import { useProject } from './api/get-project';

export interface ProjectPageProps {
  projectId: string;
  /** What to show when no project has this id; 'Project not found' unless the route says otherwise. */
  notFound?: ReactNode;
}

export function ProjectPage({ projectId, notFound }: ProjectPageProps) {
  const projectState = useProject(projectId);
  const project = projectState.data;
  const galleryState = useGallery(projectId, { enabled: Boolean(project) });

  if (projectState.status === 'error' || galleryState.status === 'error') {
    return (
      <section className="page">
        <p role="alert" className="alert alert-error">
          {messages.project.failed}
        </p>
      </section>
    );
  }
  if (projectState.status === 'ready' && !project) {
    return (
      notFound ?? (
        <section className="page not-found">
          <h1>{messages.project.notFound}</h1>
        </section>
      )
    );
  }
  if (!project || galleryState.status === 'loading') {
    return (
      <section className="page">
        <PageLoading />
      </section>
    );
  }

  const gallery = galleryState.data;
  // Her uploads in her order, with their own descriptions, then any addresses pasted before uploads.
  const uploads = gallery?.media ?? [];
  const images: MediaItem[] = [
    ...uploads.filter((item) => item.type === 'image'),
    ...(gallery?.images ?? []).map((url, i) => ({
      type: 'image' as const,
      url,
      name: messages.project.image(project.title, i + 1),
    })),
  ];
  const videos: MediaItem[] = projectShowsVideos(project.category)
    ? [
        ...uploads.filter((item) => item.type === 'video'),
        ...(gallery?.videos ?? []).map((url, i) => ({
          type: 'video' as const,
          url,
          name: messages.project.video(project.title, i + 1),
        })),
      ]
    : [];

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
          <MediaGallery items={videos} label={messages.project.videos} aboveFold={false} videoControls />
        </section>
      )}
    </article>
  );
}
