// public-site's server entry (built for Node by webpack.config.cjs beside the browser remote, into dist/ssr/): renders
// a public page to HTML with the same components and routes the browser runs, and answers the data the page read, for
// the server to embed so the browser's cache starts with it (no refetch, and hydration sees the same data).
//
// The data: pages read through useQuery as in the browser; the cache made here starts each request while rendering
// (there are no effects on the server), and the page is rendered again until every answer is in. React's prerender
// waits for the lazily loaded pages.
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { BackendProvider, type Backend, type QueryKey } from '@studio/shared/data';
import { createRenderCache } from '@studio/shared/data/render-cache';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import PublicSiteApp from './app/app';
import { PlainFormPostContext } from './app/plain-form-post';

export interface RenderInput {
  backend: Backend;
  /** The page around the public site's part (the shell's frame, from the shell's server entry). */
  frame(publicSite: ReactNode): ReactNode;
  /** The answer to a form posted without JavaScript, when the page answers one. */
  formPost?: PlainFormPost;
}

export interface RenderOutput {
  html: string;
  /** Every answer the page read: the browser seeds its cache with them before hydrating. */
  data: Array<[QueryKey, unknown]>;
}

/** A page reads at most this many rounds of data (a list, then an item of it, ...): more is a loop, not a page. */
const MAX_ROUNDS = 5;

async function toHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  return html + decoder.decode();
}

export async function renderPublicSite({ backend, frame, formPost }: RenderInput): Promise<RenderOutput> {
  const cache = createRenderCache();
  const tree = frame(
    <BackendProvider backend={backend} cache={cache}>
      <PlainFormPostContext.Provider value={formPost}>
        <PublicSiteApp />
      </PlainFormPostContext.Provider>
    </BackendProvider>,
  );
  let html = await toHtml(tree);
  for (let round = 0; round < MAX_ROUNDS && (await cache.settled()); round++) html = await toHtml(tree);
  return { html, data: cache.dehydrate() };
}
