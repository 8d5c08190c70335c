// The ContentStore contract (server/src/features/content/content-store.ts), run on SQLite and on Firestore (see
// bookings-contract.ts). Each case gets an empty store of its own from `make`.
import { EMPTY_COMP_CARD, EMPTY_SITE_DETAILS, PLAIN_SERVICE_RULES, type Service } from '@studio/shared/domain';
import {
  COMP_CARD_ID,
  PORTFOLIO_CONTENT_ID,
  PORTFOLIO_META_ID,
  SITE_DETAILS_ID,
  type ContentStore,
} from '../../src/features/content/content-store';
import type { Made } from './bookings-contract';

const service = (id: string, overrides: Partial<Service> = {}): Service => ({
  id,
  displayName: `Service ${id}`,
  description: `About ${id}`,
  image: `/images/${id}.jpg`,
  price: '$100',
  // Services are stored with their rules (her editor always sends them); a row from before rules existed gets them
  // derived on reading, which server/test/service-rules.test.ts covers.
  rules: { ...PLAIN_SERVICE_RULES },
  tiers: [
    { id: 'basic', displayName: 'Basic', price: '$100', includes: ['One look', 'Ten photos'] },
    { id: 'full', displayName: 'Full', price: '$300', includes: [] },
  ],
  ...overrides,
});

const AT = '2026-05-01T12:00:00.000Z';

export function describeContentStoreContract(make: () => Promise<Made<ContentStore>>): void {
  describe('ContentStore contract', () => {
    let made: Made<ContentStore>;
    let store: ContentStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    const ids = async () => (await store.listAllServices()).map((s) => s.id);

    describe('services', () => {
      it('adds a new service at the end of her order and answers it as stored', async () => {
        expect(await store.listAllServices()).toEqual([]);
        expect(await store.saveService(service('portrait'))).toEqual(service('portrait'));
        await store.saveService(service('editorial'));
        await store.saveService(service('a-first-by-name'));
        expect(await ids()).toEqual(['portrait', 'editorial', 'a-first-by-name']);
        expect(await store.findService('editorial')).toEqual(service('editorial'));
        expect(await store.findService('nothing')).toBeNull();
      });

      it('replaces a saved service where it stands', async () => {
        await store.saveService(service('a'));
        await store.saveService(service('b'));
        const changed = service('a', { displayName: 'Renamed', price: '', tiers: [] });
        expect(await store.saveService(changed)).toEqual(changed);
        expect(await store.listAllServices()).toEqual([changed, service('b')]);
      });

      it('keeps a hidden service from visitors, and the flag only in the admin list', async () => {
        await store.saveService(service('shown'));
        await store.saveService(service('hidden', { hidden: true }));
        await store.saveService(service('also-shown', { hidden: false }));
        expect(await store.listAllServices()).toEqual([
          service('shown'),
          service('hidden', { hidden: true }),
          service('also-shown'),
        ]);
        expect(await store.listServices()).toEqual([service('shown'), service('also-shown')]);
        expect(await store.findService('hidden')).toEqual(service('hidden', { hidden: true }));
        await store.saveService(service('hidden'));
        expect((await store.listServices()).map((s) => s.id)).toEqual(['shown', 'hidden', 'also-shown']);
      });

      it('keeps each service’s contract template, and gives one saved before templates its kind’s', async () => {
        const ugc = service('ugc-reels', { rules: { ...PLAIN_SERVICE_RULES, contractTemplate: 'ugc' } });
        const event = service('launch-party', { rules: { ...PLAIN_SERVICE_RULES, contractTemplate: 'event' } });
        await store.saveService(ugc);
        await store.saveService(event);
        expect((await store.findService('ugc-reels'))?.rules?.contractTemplate).toBe('ugc');
        expect((await store.listServices()).map((s) => s.rules?.contractTemplate)).toEqual(['ugc', 'event']);
        // Saved without one (rules from before templates): the built-in kinds' by id, the modeling one otherwise,
        // whatever the service is called.
        const { contractTemplate: _none, ...oldRules } = PLAIN_SERVICE_RULES;
        const old = (id: string, displayName: string) =>
          ({ ...service(id), displayName, rules: oldRules }) as unknown as Service;
        await store.saveService(old('usergeneratedcontent', 'Reels'));
        await store.saveService(old('brand-events', 'Parties'));
        await store.saveService(old('ugc-by-name', 'UGC Videos'));
        const templates = async () =>
          Object.fromEntries((await store.listAllServices()).map((s) => [s.id, s.rules?.contractTemplate]));
        expect(await templates()).toEqual({
          'ugc-reels': 'ugc',
          'launch-party': 'event',
          usergeneratedcontent: 'ugc',
          'brand-events': 'event',
          'ugc-by-name': 'modeling',
        });
        // Once she saves it with one, that one stays.
        await store.saveService({
          ...service('ugc-by-name'),
          rules: { ...PLAIN_SERVICE_RULES, contractTemplate: 'ugc' },
        });
        expect((await templates())['ugc-by-name']).toBe('ugc');
      });

      it('takes any text as a service id', async () => {
        for (const id of ['a/b', '..', '__x__', 'Ünïcode id', 'x'.repeat(300)]) await store.saveService(service(id));
        expect(await ids()).toEqual(['a/b', '..', '__x__', 'Ünïcode id', 'x'.repeat(300)]);
        expect(await store.findService('a/b')).toEqual(service('a/b'));
        expect(await store.deleteService('..')).toBe(true);
        expect(await store.findService('..')).toBeNull();
      });

      it('deletes a service once', async () => {
        await store.saveService(service('a'));
        await store.saveService(service('b'));
        expect(await store.deleteService('a')).toBe(true);
        expect(await store.deleteService('a')).toBe(false);
        expect(await ids()).toEqual(['b']);
      });

      it('reorders only when every stored service is named exactly once', async () => {
        for (const id of ['a', 'b', 'c']) await store.saveService(service(id));
        expect(await store.reorderServices(['c', 'a'])).toBe(false);
        expect(await store.reorderServices(['c', 'a', 'a'])).toBe(false);
        expect(await store.reorderServices(['c', 'a', 'b', 'd'])).toBe(false);
        expect(await store.reorderServices(['c', 'a', 'x'])).toBe(false);
        expect(await ids()).toEqual(['a', 'b', 'c']);
        expect(await store.reorderServices(['c', 'a', 'b'])).toBe(true);
        expect(await ids()).toEqual(['c', 'a', 'b']);
        await store.saveService(service('d'));
        expect(await ids()).toEqual(['c', 'a', 'b', 'd']);
      });

      it('keeps every service of concurrent saves, each new one after those before it', async () => {
        await store.saveService(service('first'));
        await Promise.all(['n1', 'n2', 'n3'].map((id) => store.saveService(service(id))));
        const list = await ids();
        expect(list[0]).toBe('first');
        expect(list.slice(1).sort()).toEqual(['n1', 'n2', 'n3']);
        // Distinct positions: a reorder naming them all succeeds and its order holds.
        const order = ['n3', 'first', 'n1', 'n2'];
        expect(await store.reorderServices(order)).toBe(true);
        expect(await ids()).toEqual(order);
      });
    });

    describe('documents', () => {
      it('answers the empty site details and comp card until she saves her own', async () => {
        expect(await store.getSite()).toEqual({ details: EMPTY_SITE_DETAILS, compCard: EMPTY_COMP_CARD });
        await store.putDocument(SITE_DETAILS_ID, { name: 'Ada', social: [{ label: 'IG', url: 'https://x.y' }] }, AT);
        await store.putDocument(COMP_CARD_ID, { height: '175 cm' }, AT);
        expect(await store.getSite()).toEqual({
          details: { ...EMPTY_SITE_DETAILS, name: 'Ada', social: [{ label: 'IG', url: 'https://x.y' }] },
          compCard: { ...EMPTY_COMP_CARD, height: '175 cm' },
        });
      });

      it('replaces a document whole and reads it back as JSON stored it, with its time', async () => {
        expect(await store.getPortfolioMeta()).toBeNull();
        expect(await store.getPortfolioContent()).toBeNull();
        const content = { grid: [[1, 2], [3]], nothing: null, nested: { deep: [{ a: 'b' }] }, dropped: undefined };
        await store.putDocument(PORTFOLIO_CONTENT_ID, content, AT);
        expect(await store.getPortfolioContent()).toEqual({
          data: { grid: [[1, 2], [3]], nothing: null, nested: { deep: [{ a: 'b' }] } },
          updatedAt: AT,
        });
        const later = '2026-05-02T00:00:00.000Z';
        await store.putDocument(PORTFOLIO_META_ID, { RUNWAY_SECTION_MAP: { a: 'A' } }, AT);
        await store.putDocument(PORTFOLIO_META_ID, { other: true }, later);
        expect(await store.getPortfolioMeta()).toEqual({ data: { other: true }, updatedAt: later });
      });
    });

    describe('projects', () => {
      const project = (id: string) => ({ id, title: `Title ${id}`, description: `About ${id}`, category: 'editorial' });

      it('stores a project with its gallery, lists them by id, and replaces both whole', async () => {
        await store.putProject(project('b'), { images: ['b1.jpg', 'b2.jpg'], videos: [] });
        await store.putProject(project('a'), { images: [], videos: ['a.mp4'] });
        expect(await store.listProjects()).toEqual([
          { project: project('a'), gallery: { images: [], videos: ['a.mp4'] } },
          { project: project('b'), gallery: { images: ['b1.jpg', 'b2.jpg'], videos: [] } },
        ]);
        expect(await store.getProject('b')).toEqual(project('b'));
        expect(await store.getGallery('b')).toEqual({ images: ['b1.jpg', 'b2.jpg'], videos: [] });
        await store.putProject({ ...project('b'), title: 'New title' }, { images: ['b3.jpg'], videos: [] });
        expect(await store.getProject('b')).toEqual({ ...project('b'), title: 'New title' });
        expect(await store.getGallery('b')).toEqual({ images: ['b3.jpg'], videos: [] });
        expect(await store.getProject('z')).toBeNull();
        expect(await store.getGallery('z')).toBeNull();
      });

      it('deletes a project with its gallery once', async () => {
        await store.putProject(project('a'), { images: ['a.jpg'], videos: [] });
        await store.putProject(project('a/b'), { images: [], videos: [] });
        expect(await store.deleteProject('a')).toBe(true);
        expect(await store.deleteProject('a')).toBe(false);
        expect(await store.getProject('a')).toBeNull();
        expect(await store.getGallery('a')).toBeNull();
        expect((await store.listProjects()).map((p) => p.project.id)).toEqual(['a/b']);
      });
    });
  });
}
