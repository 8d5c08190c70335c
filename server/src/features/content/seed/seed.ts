// Seeds the demo content on a first start (no service stored), in one atomic write of the storage.
import path from 'node:path';
import type { IsoDate } from '@studio/shared/domain';
import {
  COMP_CARD_ID,
  PORTFOLIO_CONTENT_ID,
  PORTFOLIO_META_ID,
  SITE_DETAILS_ID,
  type SeedTarget,
} from '../content-store';
import {
  compCard,
  DEMO_VIDEOS,
  demoArtworks,
  demoAvailability,
  portfolioContent,
  portfolioMeta,
  projects,
  services,
  siteDetails,
} from './demo-content';
import { copyShippedMedia, writeArtworks } from './demo-media';
import { SERVER_ROOT } from '../../../platform/server-root';

export const SHIPPED_MEDIA_DIR = path.join(SERVER_ROOT, 'media-src');

/**
 * Seeds the demo once; `now` is the seed's time, `today` the studio's day then (the demo's dates count from it).
 * `modelName` (MODEL_NAME) is her name in the seeded Site details: it names her on the first start only; from then on
 * everything reads Site details (features/content/site-identity.ts).
 */
export async function seedIfEmpty(
  storage: SeedTarget,
  mediaDir: string,
  now: Date,
  today: IsoDate,
  modelName = siteDetails.name,
): Promise<boolean> {
  // Media is (re)written even when the rows exist, so a deleted media folder heals on restart.
  writeArtworks(mediaDir, demoArtworks);
  copyShippedMedia(SHIPPED_MEDIA_DIR, mediaDir, DEMO_VIDEOS);
  return storage.seedIfEmpty(
    {
      services,
      documents: [
        { id: PORTFOLIO_META_ID, data: portfolioMeta },
        { id: PORTFOLIO_CONTENT_ID, data: portfolioContent },
        { id: SITE_DETAILS_ID, data: { ...siteDetails, name: modelName.trim() || siteDetails.name } },
        { id: COMP_CARD_ID, data: compCard },
      ],
      projects,
      availability: demoAvailability(today),
    },
    now.toISOString(),
  );
}
