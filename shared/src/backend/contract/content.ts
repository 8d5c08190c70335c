// The backend contract: her site's content (details, comp card, services, portfolio, projects), edited by her alone
// and read by every visitor.
import { EMPTY_SITE_CONTENT } from '../../domain/content';
import { PAYMENT_HALF_UPFRONT, PLAIN_SERVICE_RULES } from '../../domain/service-rules';
import type { CompCardStats, PortfolioContent, SiteDetails } from '../../domain/content-types';
import type { Service } from '../../domain/service-types';
import { FIELDS_NOT_VALID, REQUIRED } from '../../messages';
import { ALT_TEXT_REQUIRED } from '../../api/media';
import { CONCEPT_NAME_TAKEN, SUBTITLE_WITHOUT_SHOW } from '../../api/portfolio';
import { CONTRACT_TEMPLATE_MESSAGE, DISPLAY_PRICE_MESSAGE, PRICE_MESSAGE } from '../../api/services';
import { SOCIAL_URL_MESSAGE } from '../../api/site';
import type { Backend } from '../port';
import { contractBooking, contractPhotoshoot } from './contract-seed';
import {
  byId,
  refusedAsInvalid,
  rejection,
  storedBookings,
  type ContractScope,
  type ContractSubject,
} from './contract-support';

/** Her site, edited by her alone: each write checked by the shared schema of its entity, shown on the next read. */
export function describeContent({ seed, current }: ContractScope): void {
  describe('her content', () => {
    let backend: Backend;
    let subject: ContractSubject;
    beforeEach(() => {
      ({ backend, subject } = current());
    });

    const contentSite: SiteDetails = {
      name: 'Contract Model',
      tagline: 'Editorial and commercial',
      heroImage: '',
      about: 'First paragraph.\n\nSecond paragraph.',
      email: 'hello@example.com',
      phone: '+1 480 555 0100',
      agency: 'Contract Agency',
      social: [{ label: 'Instagram', url: 'https://www.instagram.com/contract.model' }],
    };
    const contentStats: CompCardStats = {
      units: 'imperial',
      height: `5'10"`,
      bust: '32',
      waist: '24',
      hips: '35',
      dress: '2',
      shoe: '8.5',
      hair: 'Brown',
      eyes: 'Hazel',
    };
    const newService: Service = {
      id: 'events',
      displayName: 'Events',
      description: 'Brand appearances.',
      image: '',
      price: '',
      tiers: [{ id: 'events-evening', displayName: 'Evening', price: '$600', includes: ['4 hours'] }],
      rules: { ...PLAIN_SERVICE_RULES },
    };

    it('lets anyone read the site details and comp card, empty before she fills them in', async () => {
      expect(await backend.content.getSite()).toEqual(EMPTY_SITE_CONTENT);
    });

    it('refuses every content write and admin read to a visitor, changing nothing', async () => {
      const writes: Array<Promise<unknown>> = [
        backend.content.saveSiteDetails(contentSite),
        backend.content.saveCompCard(contentStats),
        backend.content.listServices(),
        backend.content.saveService(newService),
        backend.content.deleteService('photoshoot'),
        backend.content.reorderServices(seed.services.map((s) => s.id).reverse()),
        backend.content.savePortfolioMeta(seed.portfolioMeta),
        backend.content.savePortfolioContent({ runway: {}, print: {}, 'comp-card': [], digitals: [] }),
        backend.content.listProjects(),
        backend.content.saveProject({ project: seed.project, gallery: { images: [], videos: [] } }),
        backend.content.deleteProject(seed.project.id),
      ];
      for (const write of writes) expect((await rejection(write)).code).toBe('unauthenticated');
      expect(byId(await backend.services.list())).toEqual(byId(seed.services));
      expect(await backend.portfolio.getContent()).toEqual(seed.portfolioContent);
      expect(await backend.portfolio.getProject(seed.project.id)).toEqual(seed.project);
      expect(await backend.content.getSite()).toEqual(EMPTY_SITE_CONTENT);
    });

    it('saves her site details and measurements, shown to every visitor', async () => {
      await subject.signInAsAdmin();
      expect(await backend.content.saveSiteDetails({ ...contentSite, name: '  Contract Model  ' })).toEqual(
        contentSite,
      );
      expect(await backend.content.saveCompCard(contentStats)).toEqual(contentStats);
      await backend.auth.signOut();
      expect(await backend.content.getSite()).toEqual({ details: contentSite, compCard: contentStats });
    });

    it('refuses site details with a blank name or a social link off the allowed hosts', async () => {
      await subject.signInAsAdmin();
      const error = await rejection(
        backend.content.saveSiteDetails({
          ...contentSite,
          name: ' ',
          social: [{ label: 'Mine', url: 'https://evil.example/instagram.com' }],
        }),
      );
      expect(error.code).toBe('validation');
      expect(error.fieldErrors.name).toEqual(['Required']);
      expect(error.fieldErrors['social.0.url']).toEqual([SOCIAL_URL_MESSAGE]);
      expect((await backend.content.getSite()).details).toEqual(EMPTY_SITE_CONTENT.details);
    });

    it("changes a tier's price: the next public read shows it", async () => {
      await subject.signInAsAdmin();
      const photoshoot = seed.services.find((s) => s.id === 'photoshoot') as Service;
      const changed = {
        ...photoshoot,
        tiers: photoshoot.tiers.map((t, i) => (i === 0 ? { ...t, price: '$275' } : t)),
      };
      expect(await backend.content.saveService(changed)).toEqual(changed);
      const shown = (await backend.services.list()).find((s) => s.id === 'photoshoot');
      expect(shown?.tiers[0]?.price).toBe('$275');

      const bad = await rejection(
        backend.content.saveService({ ...changed, tiers: [{ ...changed.tiers[0]!, price: 'cheap' }] }),
      );
      expect(bad.code).toBe('validation');
      expect(bad.fieldErrors['tiers.0.price']).toEqual([PRICE_MESSAGE]);
      expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.tiers[0]?.price).toBe('$275');
    });

    it('a display price is a dollar price: "275" is saved as "$275", a text without an amount is refused', async () => {
      await subject.signInAsAdmin();
      const photoshoot = seed.services.find((s) => s.id === 'photoshoot') as Service;
      expect((await backend.content.saveService({ ...photoshoot, price: '275' })).price).toBe('$275');
      expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.price).toBe('$275');
      expect((await backend.content.saveService({ ...photoshoot, price: 'From $1,200 per day' })).price).toBe(
        'From $1,200 per day',
      );

      const bad = await rejection(backend.content.saveService({ ...photoshoot, price: 'cheap' }));
      expect(bad.code).toBe('validation');
      expect(bad.fieldErrors['price']).toEqual([DISPLAY_PRICE_MESSAGE]);
      expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.price).toBe('From $1,200 per day');
    });

    it('keeps the contract template she chose for a service, and refuses one that does not exist by its field', async () => {
      await subject.signInAsAdmin();
      const content: Service = { ...newService, rules: { ...PLAIN_SERVICE_RULES, contractTemplate: 'ugc' } };
      expect((await backend.content.saveService(content)).rules?.contractTemplate).toBe('ugc');
      const bad = await rejection(
        backend.content.saveService({
          ...content,
          displayName: 'Renamed',
          rules: { ...PLAIN_SERVICE_RULES, contractTemplate: 'sonnet' as 'ugc' },
        }),
      );
      expect(bad.code).toBe('validation');
      expect(bad.fieldErrors['rules.contractTemplate']).toEqual([CONTRACT_TEMPLATE_MESSAGE]);
      await backend.auth.signOut();
      // Visitors read it as she saved it, unchanged by the refusal.
      expect((await backend.services.list()).find((s) => s.id === 'events')).toEqual(content);
    });

    it('books a service she creates with "Needs a consultation" as it books the photoshoot', async () => {
      await subject.signInAsAdmin();
      const wedding: Service = {
        ...newService,
        id: 'wedding',
        displayName: 'Wedding',
        tiers: [{ id: 'wedding-day', displayName: 'Whole Day', price: '$900', includes: ['8 hours'] }],
        rules: {
          needsConsultation: true,
          dateLabel: 'Wedding Day',
          consultationDateLabel: 'Tasting Day',
          paymentSchedule: PAYMENT_HALF_UPFRONT,
          contractTemplate: 'modeling',
        },
      };
      expect(await backend.content.saveService(wedding)).toEqual(wedding);
      await backend.auth.signOut();
      expect((await backend.services.list()).find((s) => s.id === 'wedding')?.rules).toEqual(wedding.rules);

      const own = { serviceId: 'wedding', serviceTierId: 'wedding-day' };
      const missing = { consultationDate: '', consultationLocation: ' ', date: '', location: '' } as const;
      const required = {
        consultationDate: [REQUIRED],
        consultationLocation: [REQUIRED],
        date: [REQUIRED],
        location: [REQUIRED],
      };
      // The same refusal, word for word, as the photoshoot's.
      await refusedAsInvalid(
        backend.bookings.create(contractPhotoshoot(seed, { ...own, ...missing }), 'contract-key-0901'),
        FIELDS_NOT_VALID,
        required,
      );
      await refusedAsInvalid(
        backend.bookings.create(contractPhotoshoot(seed, missing), 'contract-key-0902'),
        FIELDS_NOT_VALID,
        required,
      );
      await backend.bookings.create(contractPhotoshoot(seed, own), 'contract-key-0903');
      const [stored] = await storedBookings(subject);
      expect(stored).toMatchObject({ serviceId: 'wedding', paymentSchedule: PAYMENT_HALF_UPFRONT });
    });

    it('creates, hides, reorders and deletes services; visitors see only shown ones, featured first', async () => {
      await subject.signInAsAdmin();
      await backend.content.saveService(newService);
      const ids = (await backend.content.listServices()).map((s) => s.id);
      expect(ids).toEqual([...seed.services.map((s) => s.id), 'events']);

      // Her order puts events first: visitors see the shown services in her order, the built-in ones included.
      const reordered = await backend.content.reorderServices(['events', ...seed.services.map((s) => s.id).reverse()]);
      expect(reordered.map((s) => s.id)).toEqual(['events', ...seed.services.map((s) => s.id).reverse()]);
      expect((await backend.services.list()).map((s) => s.id)).toEqual([
        'events',
        'usergeneratedcontent',
        'photoshoot',
      ]);
      expect((await rejection(backend.content.reorderServices(['events']))).code).toBe('validation');

      await backend.content.saveService({ ...newService, hidden: true });
      expect((await backend.services.list()).map((s) => s.id)).not.toContain('events');
      expect((await backend.content.listServices()).find((s) => s.id === 'events')?.hidden).toBe(true);

      await backend.content.deleteService('events');
      expect((await backend.content.listServices()).map((s) => s.id)).not.toContain('events');
      expect((await rejection(backend.content.deleteService('events'))).code).toBe('not-found');
    });

    it('never lists or books a hidden service for a visitor, whatever the request names', async () => {
      await subject.signInAsAdmin();
      await backend.content.saveService({ ...newService, hidden: true });
      await backend.auth.signOut();
      expect((await backend.services.list()).map((s) => s.id)).not.toContain('events');
      const refused = await rejection(
        backend.bookings.create(
          contractBooking(seed, { serviceId: 'events', serviceTierId: 'events-evening' }),
          'contract-key-hidden-1',
        ),
      );
      expect(refused.code).toBe('validation');
      await subject.signInAsAdmin();
      expect((await backend.bookings.list()).items.map((b) => b.serviceId)).not.toContain('events');
    });

    it('saves the portfolio in her order and refuses an image without alt text', async () => {
      await subject.signInAsAdmin();
      const first = { type: 'image' as const, url: '/media/uploads/a/800.jpg', name: 'Headshot in window light' };
      const second = { type: 'image' as const, url: '/media/uploads/b/800.jpg', name: 'Full length', caption: 'Tempe' };
      const content: PortfolioContent = { ...seed.portfolioContent, 'comp-card': [first, second] };
      expect(await backend.content.savePortfolioContent(content)).toEqual(content);
      const swapped = { ...content, 'comp-card': [second, first] };
      await backend.content.savePortfolioContent(swapped);
      expect((await backend.portfolio.getContent())['comp-card']).toEqual([second, first]);

      const missingAlt = await rejection(
        backend.content.savePortfolioContent({ ...content, 'comp-card': [{ ...first, name: '  ' }] }),
      );
      expect(missingAlt.code).toBe('validation');
      expect(missingAlt.fieldErrors['comp-card.0.name']).toEqual([ALT_TEXT_REQUIRED]);
      const script = await rejection(
        backend.content.savePortfolioContent({ ...content, digitals: [{ ...first, url: 'javascript:alert(1)' }] }),
      );
      expect(script.code).toBe('validation');
      expect((await backend.portfolio.getContent())['comp-card']).toEqual([second, first]);
    });

    it('saves the portfolio metadata and refuses a reel off the allowed social hosts', async () => {
      await subject.signInAsAdmin();
      const meta = {
        ...seed.portfolioMeta,
        portfolioCategories: [{ id: 'ugc', label: 'UGC', description: 'Short videos for brands.' }],
        ugcReels: ['https://www.instagram.com/reel/abc123/'],
      };
      expect(await backend.content.savePortfolioMeta(meta)).toEqual(meta);
      expect(await backend.portfolio.getMeta()).toEqual(meta);
      const error = await rejection(
        backend.content.savePortfolioMeta({ ...meta, ugcReels: ['https://instagram.com.evil.example/reel/1'] }),
      );
      expect(error.fieldErrors['ugcReels.0']).toEqual([SOCIAL_URL_MESSAGE]);
      expect(await backend.portfolio.getMeta()).toEqual(meta);
    });

    it('saves her portfolio in one write: a show added with its photos, a concept removed with its own', async () => {
      await subject.signInAsAdmin();
      const look = { type: 'image' as const, url: '/media/uploads/d/800.jpg', name: 'Closing look' };
      const meta = {
        ...seed.portfolioMeta,
        // The new show first: her order is the map's order, and it survives the store.
        RUNWAY_SECTION_MAP: { 'desert-nights': 'Desert Nights', ...seed.portfolioMeta.RUNWAY_SECTION_MAP },
        RUNWAY_SECTION_SUBTITLES: { 'desert-nights': 'Evening gowns', ...seed.portfolioMeta.RUNWAY_SECTION_SUBTITLES },
        PRINT_CONCEPTS: [],
        PRINT_CONCEPT_KEY_MAP: {},
        PRINT_CONCEPT_DETAILS: {},
      };
      const content = {
        ...seed.portfolioContent,
        runway: { 'desert-nights': [look], ...seed.portfolioContent.runway },
        print: {},
      };
      expect(await backend.content.savePortfolio({ meta, content })).toEqual({ meta, content });
      const stored = await backend.portfolio.getMeta();
      expect(stored).toEqual(meta);
      expect(Object.keys(stored.RUNWAY_SECTION_MAP)).toEqual(['desert-nights', 'fashion-week']);
      expect(await backend.portfolio.getContent()).toEqual(content);

      // Refused as a whole, with the field at fault named: neither document changes.
      const twice = await rejection(
        backend.content.savePortfolio({
          meta: {
            ...meta,
            RUNWAY_SECTION_SUBTITLES: { ...meta.RUNWAY_SECTION_SUBTITLES, gone: 'Left behind' },
            PRINT_CONCEPTS: ['Editorial', 'Editorial'],
            PRINT_CONCEPT_KEY_MAP: { Editorial: 'editorial' },
            PRINT_CONCEPT_DETAILS: {},
          },
          content: { ...content, 'comp-card': [] },
        }),
      );
      expect(twice.code).toBe('validation');
      expect(twice.fieldErrors['meta.PRINT_CONCEPTS.1']).toEqual([CONCEPT_NAME_TAKEN]);
      expect(twice.fieldErrors['meta.RUNWAY_SECTION_SUBTITLES.gone']).toEqual([SUBTITLE_WITHOUT_SHOW]);
      expect(await backend.portfolio.getMeta()).toEqual(meta);
      expect(await backend.portfolio.getContent()).toEqual(content);
    });

    it('lists her projects for the links to their pages, to anyone', async () => {
      expect(await backend.portfolio.listProjects()).toEqual([seed.project]);
    });

    it('saves, lists and deletes projects with their galleries', async () => {
      await subject.signInAsAdmin();
      const entry = {
        project: { id: 'desert-light', title: 'Desert Light', description: 'A sunrise shoot.', category: 'print' },
        gallery: { images: ['/media/uploads/c/800.jpg'], videos: [] },
      };
      expect(await backend.content.saveProject(entry)).toEqual(entry);
      expect(await backend.portfolio.getProject('desert-light')).toEqual(entry.project);
      expect(await backend.portfolio.getGallery('desert-light')).toEqual(entry.gallery);
      expect((await backend.content.listProjects()).map((p) => p.project.id).sort()).toEqual(
        [seed.project.id, 'desert-light'].sort(),
      );
      await backend.content.deleteProject('desert-light');
      expect(await backend.portfolio.getProject('desert-light')).toBeNull();
      expect(await backend.portfolio.getGallery('desert-light')).toBeNull();
      expect((await rejection(backend.content.deleteProject('desert-light'))).code).toBe('not-found');
    });

    // UGC and project galleries hold her uploads (photos and videos) as the other sections do.
    const clip = {
      id: '3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d',
      type: 'video' as const,
      url: '/media/uploads/3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d/video.mp4',
      name: 'Serum unboxing',
      poster: '/media/uploads/3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d/poster.jpg',
    };
    const still = { type: 'image' as const, url: '/media/uploads/e/800.jpg', name: 'Product on the counter' };

    it('keeps her uploaded UGC videos and photos in her order beside the reel links', async () => {
      await subject.signInAsAdmin();
      const portfolio = { meta: seed.portfolioMeta, content: { ...seed.portfolioContent, ugc: [still, clip] } };
      expect(await backend.content.savePortfolio(portfolio)).toEqual(portfolio);
      expect((await backend.portfolio.getContent()).ugc).toEqual([still, clip]);
      expect((await backend.portfolio.getMeta()).ugcReels).toEqual(seed.portfolioMeta.ugcReels);
    });

    it("keeps a project's uploaded photos and videos in her order", async () => {
      await subject.signInAsAdmin();
      const entry = {
        project: { id: 'serum-launch', title: 'Serum launch', description: '', category: 'ugc' },
        gallery: { images: [], videos: [], media: [clip, still] },
      };
      expect(await backend.content.saveProject(entry)).toEqual(entry);
      expect(await backend.portfolio.getGallery('serum-launch')).toEqual(entry.gallery);
      expect((await backend.content.listProjects()).find((p) => p.project.id === 'serum-launch')).toEqual(entry);
    });
  });
}
