// Seeds the demo content on a first start (an empty services table), in one transaction.
import path from 'node:path';
import type { Db } from '../database';
import {
  COMP_CARD_ID,
  createContentRepository,
  PORTFOLIO_CONTENT_ID,
  PORTFOLIO_META_ID,
  SITE_DETAILS_ID,
} from '../../repositories/content-repository';
import { createAvailabilityRepository } from '../../repositories/availability-repository';
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
import { SERVER_ROOT } from '../../lib/server-root';

export const SHIPPED_MEDIA_DIR = path.join(SERVER_ROOT, 'media-src');

export function seedIfEmpty(db: Db, mediaDir: string, today = new Date()): boolean {
  // Media is (re)written even when the rows exist, so a deleted media folder heals on restart.
  writeArtworks(mediaDir, demoArtworks);
  copyShippedMedia(SHIPPED_MEDIA_DIR, mediaDir, DEMO_VIDEOS);
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM services').get() as { n: number };
  if (n > 0) return false;
  const content = createContentRepository(db);
  const availability = createAvailabilityRepository(db);
  db.transaction(() => {
    services.forEach((s, i) => content.putService(s, i));
    content.putDocument(PORTFOLIO_META_ID, portfolioMeta);
    content.putDocument(PORTFOLIO_CONTENT_ID, portfolioContent);
    content.putDocument(SITE_DETAILS_ID, siteDetails);
    content.putDocument(COMP_CARD_ID, compCard);
    for (const p of projects) content.putProject(p.project, p.gallery);
    const a = demoAvailability(today);
    a.periods.forEach((p) => availability.addPeriod(p));
    a.unavailable.forEach((u) => availability.addUnavailable(u));
    a.slots.forEach((s) => availability.addSlot(s));
  })();
  return true;
}
