// The browser's side of route-meta.ts: after each client navigation the page's <title> and description become the
// registry's for the new address, as the server wrote them for a first load. Her name comes from the shell
// (SiteNameProvider, fed by the runtime configuration the server writes), one input for every app: a Module
// Federation singleton like the rest of @studio/shared, so the public-site remote reads the shell's context.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { PageHead } from './route-meta';

const SiteName = createContext<string | null>(null);

export function SiteNameProvider({ name, children }: { name: string; children: ReactNode }) {
  return <SiteName.Provider value={name}>{children}</SiteName.Provider>;
}

/** Her name as page titles show it; null outside the shell (a page rendered on its own in a unit test). */
export const useSiteName = (): string | null => useContext(SiteName);

/** Writes a head into the document: the title and the description meta the server's page carries. */
export function applyPageHead(head: Pick<PageHead, 'title' | 'description'>, doc: Document = document): void {
  doc.title = head.title;
  let description = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    description = doc.createElement('meta');
    description.name = 'description';
    doc.head.append(description);
  }
  description.content = head.description;
}

/**
 * Sets the document's head once the page knows it; null while the content it is made of is still loading (the
 * previous title stays until then). An effect: the server writes the first load's head itself.
 */
export function useDocumentHead(head: Pick<PageHead, 'title' | 'description'> | null): void {
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title !== undefined && description !== undefined) applyPageHead({ title, description });
  }, [title, description]);
}
