// The backend contract: what every visitor reads without signing in.
import type { Backend } from '../port';
import { byId, type ContractScope } from './contract-support';

/** The services, the portfolio, a project, and the availability without its notes and reasons. */
export function describePublicReads({ seed, current }: ContractScope): void {
  describe('what every visitor reads', () => {
    let backend: Backend;
    beforeEach(() => {
      ({ backend } = current());
    });

    it('lists the services', async () => {
      expect(byId(await backend.services.list())).toEqual(byId(seed.services));
    });

    it('reads the portfolio meta document and the portfolio content', async () => {
      expect(await backend.portfolio.getMeta()).toEqual(seed.portfolioMeta);
      expect(await backend.portfolio.getContent()).toEqual(seed.portfolioContent);
    });

    it('reads a project and its gallery by id, and answers null for a missing one', async () => {
      expect(await backend.portfolio.getProject(seed.project.id)).toEqual(seed.project);
      expect(await backend.portfolio.getGallery(seed.project.id)).toEqual(seed.gallery);
      expect(await backend.portfolio.getProject('no-such-project')).toBeNull();
      expect(await backend.portfolio.getGallery('no-such-project')).toBeNull();
    });

    it('shows visitors the dates and times of availability, never notes or reasons', async () => {
      const open = await backend.availability.getPublic();
      expect(open.periods.map(({ id: _id, ...p }) => p)).toEqual(
        seed.availability.periods.map(({ startDate, endDate, isAvailable }) => ({ startDate, endDate, isAvailable })),
      );
      expect(open.unavailable.map(({ id: _id, ...u }) => u)).toEqual(
        seed.availability.unavailable.map(({ startDate, endDate }) => ({ startDate, endDate })),
      );
      expect(open.slots.map(({ id: _id, ...s }) => s)).toEqual(
        seed.availability.slots.map(({ date, startTime, endTime, isAvailable }) => ({
          date,
          startTime,
          endTime,
          isAvailable,
        })),
      );
      for (const p of open.periods)
        expect(Object.keys(p).sort()).toEqual(['endDate', 'id', 'isAvailable', 'startDate']);
      for (const u of open.unavailable) expect(Object.keys(u).sort()).toEqual(['endDate', 'id', 'startDate']);
      for (const s of open.slots)
        expect(Object.keys(s).sort()).toEqual(['date', 'endTime', 'id', 'isAvailable', 'startTime']);
      expect(JSON.stringify(open)).not.toMatch(/Private/);
    });
  });
}
