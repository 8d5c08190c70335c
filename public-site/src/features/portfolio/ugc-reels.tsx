// The UGC section (docs/product.md §2): the reels of the metadata, empty URLs skipped, each under its own platform's
// name (a TikTok reel is never called an Instagram one). An Instagram reel is first a plain link to the reel, which
// works with no third party at all; Instagram's embed script, requested only from this page and only when an Instagram
// reel is on it, then turns the links into players. When the script cannot load (offline, blocked) the links simply
// stay: the failure is handled on the script's error event and nothing is thrown or logged by the app. A TikTok video
// is TikTok's own player in a frame (no script of TikTok's runs on the site; the CSP allows its frames alone), with
// the link beside it; a reel whose address names no video it can play (a short link, another site) stays a link card.
// Her own uploaded videos and photos come first, played on the site itself with their sound.
import { useEffect } from 'react';
import type { MediaItem, PortfolioMeta } from '@studio/shared/domain';
import { MediaGallery } from '../../components/media/media-gallery';
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

export const TIKTOK_PLAYER_ORIGIN = 'https://www.tiktok.com';

export type Reel =
  | { platform: 'Instagram'; url: string }
  | { platform: 'TikTok'; url: string; videoId: string | null }
  | { platform: null; url: string };

/** Which platform a reel's address is on, by its host; a TikTok video's id when the address names one. */
export function reelOf(url: string): Reel {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { platform: null, url };
  }
  const host = parsed.hostname.toLowerCase();
  const on = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { platform: null, url };
  if (on('instagram.com')) return { platform: 'Instagram', url };
  if (on('tiktok.com')) {
    const videoId = /\/video\/(\d{6,25})(?:\/|$)/.exec(parsed.pathname)?.[1] ?? null;
    return { platform: 'TikTok', url, videoId };
  }
  return { platform: null, url };
}

export function UgcReels({ meta, uploads = [] }: { meta: PortfolioMeta; uploads?: readonly MediaItem[] }) {
  const reels = reelUrls(meta).map(reelOf);
  const instagramReels = reels.filter((r) => r.platform === 'Instagram').length;

  useEffect(() => {
    if (instagramReels === 0) return;
    // An offline browser would only fail the request: wait until it is back online.
    if (!navigator.onLine) {
      const onOnline = () => enhanceReels();
      window.addEventListener('online', onOnline, { once: true });
      return () => window.removeEventListener('online', onOnline);
    }
    enhanceReels();
    return undefined;
  }, [instagramReels]);

  if (reels.length === 0 && uploads.length === 0) return <EmptySection text={messages.portfolio.noUgc} />;

  return (
    <>
      {uploads.length > 0 && <MediaGallery items={uploads} label={messages.portfolio.ugcTitle} videoControls />}
      {reels.length > 0 && <ReelList reels={reels} />}
    </>
  );
}

function ReelList({ reels }: { reels: Reel[] }) {
  return (
    <ul className="reel-grid" data-island="reels">
      {reels.map((reel, i) => {
        const n = i + 1;
        const card = (
          <>
            <span className="reel-number" aria-hidden="true">
              {String(n).padStart(2, '0')}
            </span>
            <a href={reel.url} target="_blank" rel="noopener noreferrer">
              {messages.portfolio.reelLink(n, reel.platform)}
            </a>
          </>
        );
        return (
          <li key={reel.url} className="reel">
            {reel.platform === 'Instagram' ? (
              <blockquote
                className="instagram-media reel-fallback"
                data-instgrm-permalink={reel.url}
                data-instgrm-version="14"
              >
                {card}
              </blockquote>
            ) : reel.platform === 'TikTok' && reel.videoId ? (
              <div className="reel-tiktok">
                <iframe
                  src={`${TIKTOK_PLAYER_ORIGIN}/player/v1/${reel.videoId}`}
                  title={messages.portfolio.reelPlayer(n, reel.platform)}
                  loading="lazy"
                  allow="fullscreen; encrypted-media; picture-in-picture"
                  referrerPolicy="strict-origin-when-cross-origin"
                  // Its own scripts run in its frame; it may not navigate this page.
                  sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
                />
                <a href={reel.url} target="_blank" rel="noopener noreferrer">
                  {messages.portfolio.reelLink(n, reel.platform)}
                </a>
              </div>
            ) : (
              <div className="reel-fallback">{card}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
