// The UGC section (docs/product.md §2): the reels of the metadata, empty URLs skipped. Each reel is first a plain link to the
// reel, which works with no third party at all; Instagram's embed script, requested only from this page, then turns
// the links into players. When the script cannot load (offline, blocked) the links simply stay: the failure is
// handled on the script's error event and nothing is thrown or logged by the app.
import { useEffect } from 'react';
import type { PortfolioMeta } from '@studio/shared/domain';
import { messages } from '../../messages';
import { reelUrls } from './portfolio-data';
import { EmptySection } from './portfolio-states';

export const EMBED_SCRIPT_URL = 'https://www.instagram.com/embed.js';
const SCRIPT_ID = 'instagram-embed-script';

interface InstagramEmbeds {
  Embeds: { process(): void };
}

declare global {
  interface Window {
    instgrm?: InstagramEmbeds;
  }
}

/** Loads the embed script once and asks it to process the reels on the page; a failed load is silent. */
export function enhanceReels(doc: Document = document): void {
  if (window.instgrm) {
    window.instgrm.Embeds.process();
    return;
  }
  if (doc.getElementById(SCRIPT_ID)) return;
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.src = EMBED_SCRIPT_URL;
  script.async = true;
  script.addEventListener('load', () => window.instgrm?.Embeds.process());
  // Removed so that a later visit (back online) tries again; the plain links already work.
  script.addEventListener('error', () => script.remove());
  doc.body.appendChild(script);
}

export function UgcReels({ meta }: { meta: PortfolioMeta }) {
  const reels = reelUrls(meta);

  useEffect(() => {
    if (reels.length === 0) return;
    // An offline browser would only fail the request: wait until it is back online.
    if (!navigator.onLine) {
      const onOnline = () => enhanceReels();
      window.addEventListener('online', onOnline, { once: true });
      return () => window.removeEventListener('online', onOnline);
    }
    enhanceReels();
    return undefined;
  }, [reels.length]);

  if (reels.length === 0) return <EmptySection text={messages.portfolio.noUgc} />;

  return (
    <ul className="reel-grid">
      {reels.map((url, i) => (
        <li key={url} className="reel">
          <blockquote className="instagram-media reel-fallback" data-instgrm-permalink={url} data-instgrm-version="14">
            <span className="reel-number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {messages.portfolio.reelLink(i + 1)}
            </a>
          </blockquote>
        </li>
      ))}
    </ul>
  );
}
