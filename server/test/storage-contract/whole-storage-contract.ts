// The contract of the storage as a whole (server/src/app/storage.ts, Storage): the first seed, the health check's write
// and the end of the connection. Run on SQLite (whole-storage-sqlite.test.ts) and on Firestore (firebase/test/emulator/
// whole-storage.test.ts). Each case gets a fresh, empty storage from `make`.
import {
  COMP_CARD_ID,
  PORTFOLIO_CONTENT_ID,
  PORTFOLIO_META_ID,
  SITE_DETAILS_ID,
  type SeedContent,
} from '../../src/features/content/content-store';
import type { Storage } from '../../src/app/storage';
import {
  compCard,
  demoAvailability,
  portfolioContent,
  portfolioMeta,
  projects,
  services,
  siteDetails,
} from '../../src/features/content/seed/demo-content';
import type { OpenedStore } from './contract-kit-b';
import { together } from './contract-kit-b';

const AT = '2026-03-01T09:00:00.000Z';

/** The demo content a fresh site starts with, as features/content/seed/seed.ts hands it to the storage. */
export const demoSeed = (): SeedContent => ({
  services,
  documents: [
    { id: PORTFOLIO_META_ID, data: portfolioMeta },
    { id: PORTFOLIO_CONTENT_ID, data: portfolioContent },
    { id: SITE_DETAILS_ID, data: siteDetails },
    { id: COMP_CARD_ID, data: compCard },
  ],
  projects,
  availability: demoAvailability(AT.slice(0, 10)),
});

/** What a storage holds, read through its stores (every list a seed writes). */
async function holdings(storage: Storage) {
  const availability = await storage.availability.getAdmin();
  return {
    services: (await storage.content.listAllServices()).map((s) => s.id),
    meta: await storage.content.getPortfolioMeta(),
    content: await storage.content.getPortfolioContent(),
    site: await storage.content.getSite(),
    projects: (await storage.content.listProjects()).map((p) => p.project.id),
    periods: availability.periods.length,
    unavailable: availability.unavailable.length,
    slots: availability.slots.length,
  };
}

export function describeWholeStorageContract(make: () => Promise<OpenedStore<Storage>>): void {
  describe('Storage contract: seedIfEmpty, probeWrite, close', () => {
    let opened: OpenedStore<Storage>;
    let storage: Storage;
    beforeEach(async () => {
      opened = await make();
      storage = opened.store;
    });
    afterEach(() => opened.close());

    it('seeds an empty storage once: every service in order, the documents, the projects and the availability', async () => {
      const seed = demoSeed();
      expect(await storage.seedIfEmpty(seed, AT)).toBe(true);
      const seeded = await holdings(storage);
      expect(seeded).toEqual({
        services: seed.services.map((s) => s.id),
        meta: { data: portfolioMeta, updatedAt: AT },
        content: { data: portfolioContent, updatedAt: AT },
        site: { details: siteDetails, compCard },
        projects: seed.projects.map((p) => p.project.id).sort(),
        periods: seed.availability.periods.length,
        unavailable: seed.availability.unavailable.length,
        slots: seed.availability.slots.length,
      });
      expect(seeded.periods + seeded.slots).toBeGreaterThan(0);
      // A hidden demo service stays hidden from visitors.
      expect((await storage.content.listServices()).map((s) => s.id)).toEqual(
        seed.services.filter((s) => !s.hidden).map((s) => s.id),
      );
      // Started again: nothing is added or replaced.
      expect(await storage.seedIfEmpty(seed, '2026-04-01T09:00:00.000Z')).toBe(false);
      expect(await holdings(storage)).toEqual(seeded);
    });

    it('writes nothing when a service is stored: her own content is never mixed with the demo', async () => {
      const [own] = demoSeed().services;
      if (!own) throw new Error('the demo has no service');
      await storage.content.saveService({ ...own, id: 'her-own', displayName: 'Her own' });
      expect(await storage.seedIfEmpty(demoSeed(), AT)).toBe(false);
      expect(await holdings(storage)).toMatchObject({
        services: ['her-own'],
        meta: null,
        content: null,
        projects: [],
        periods: 0,
        unavailable: 0,
        slots: 0,
      });
    });

    it('seeds once when several instances start at the same moment', async () => {
      const seed = demoSeed();
      const answers = await together(4, () => storage.seedIfEmpty(seed, AT));
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await holdings(storage)).toMatchObject({
        services: seed.services.map((s) => s.id),
        periods: seed.availability.periods.length,
        unavailable: seed.availability.unavailable.length,
        slots: seed.availability.slots.length,
      });
    });

    it('probeWrite resolves on a storage that takes writes, again and again', async () => {
      await expect(storage.probeWrite(AT)).resolves.toBeUndefined();
      await expect(storage.probeWrite('2026-03-01T09:00:01.000Z')).resolves.toBeUndefined();
    });

    it('after close, probeWrite rejects at once (the health check reports it), and close again is harmless', async () => {
      await storage.close();
      const t0 = Date.now();
      await expect(storage.probeWrite(AT)).rejects.toBeDefined();
      expect(Date.now() - t0).toBeLessThan(1500);
      await expect(storage.close()).resolves.toBeUndefined();
    });
  });
}
