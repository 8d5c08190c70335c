// The server answers the seeded data on each public read, 404 JSON on an unknown API path, the shell
// HTML on a client route, and never sends notes or reasons of availability to a visitor.
import { PORTFOLIO_META_ID } from '../src/features/content/content.sqlite';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

test('services are the seeded ones, read from SQLite', async () => {
  const res = await t.app.inject('/api/services');
  expect(res.statusCode).toBe(200);
  const services = res.json() as Array<{ id: string; tiers: Array<{ price: string }> }>;
  expect(services.map((s) => s.id)).toEqual(['photoshoot', 'usergeneratedcontent', 'others', 'brand-events']);
  for (const s of services) {
    expect(s.tiers.length).toBeGreaterThanOrEqual(2);
    expect(s.tiers.length).toBeLessThanOrEqual(4);
  }
  // A change in the database shows in the next answer: the data is not baked into the server.
  t.app.db.prepare("UPDATE services SET display_name = 'Photo Session' WHERE id = 'photoshoot'").run();
  const again = (await t.app.inject('/api/services')).json() as Array<{ displayName: string }>;
  expect(again[0]?.displayName).toBe('Photo Session');
  t.app.db.prepare("UPDATE services SET display_name = 'Photoshoot' WHERE id = 'photoshoot'").run();
});

test('portfolio metadata carries every map of docs/product.md §3', async () => {
  const meta = (await t.app.inject('/api/portfolio/meta')).json();
  expect(Object.keys(meta.PRINT_CONCEPT_DETAILS).sort()).toEqual([
    'avantgarde',
    'blackwhite',
    'commercial',
    'editorial',
    'fitness',
    'streetwear',
    'suiting',
  ]);
  for (const d of Object.values(meta.PRINT_CONCEPT_DETAILS) as Array<Record<string, string>>) {
    expect(Object.keys(d).sort()).toEqual(['purpose', 'setting', 'style', 'wardrobe']);
  }
  expect(Object.keys(meta.RUNWAY_SECTION_MAP)).toEqual(Object.keys(meta.RUNWAY_SECTION_SUBTITLES));
  expect(meta.portfolioCategories.map((c: { id: string }) => c.id)).toEqual([
    'runway',
    'print',
    'comp-card',
    'digitals',
    'ugc',
  ]);
  expect(meta.ugcReels).toContain('');
  expect(Object.values(meta.PRINT_CONCEPT_KEY_MAP).sort()).toEqual(Object.keys(meta.PRINT_CONCEPT_DETAILS).sort());
});

test('portfolio content honours a cache-busting parameter and is never cached', async () => {
  const res = await t.app.inject('/api/portfolio/content?t=1732181234567');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const content = res.json();
  expect(Object.keys(content).sort()).toEqual(['comp-card', 'digitals', 'print', 'runway']);
  const all = [...content['comp-card'], ...content.digitals, ...Object.values(content.runway).flat()] as Array<{
    type: string;
  }>;
  expect(all.some((i) => i.type === 'video')).toBe(true);
  expect(all.some((i) => i.type === 'image')).toBe(true);
});

test('projects and galleries by id, 404 JSON when missing', async () => {
  const project = await t.app.inject('/api/projects/sonoran-editorial');
  expect(project.json()).toMatchObject({ id: 'sonoran-editorial', title: 'Sonoran Editorial' });
  const gallery = await t.app.inject('/api/galleries/sonoran-editorial');
  expect(gallery.json().images.length).toBeGreaterThan(0);
  const missing = await t.app.inject('/api/projects/nope');
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ message: 'Project not found' });
});

test('seeded media is served', async () => {
  const res = await t.app.inject('/media/hero.svg');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('image/svg+xml');
  const video = await t.app.inject('/media/video/runway-walk.webm');
  expect(video.statusCode).toBe(200);
});

test('availability: dates and times for visitors, never notes or reasons', async () => {
  const res = await t.app.inject('/api/availability');
  const body = res.json();
  expect(body.periods.length).toBeGreaterThan(0);
  expect(body.unavailable.length).toBeGreaterThan(0);
  expect(body.slots.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/notes|reason|Demo:/);
  expect(Object.keys(body.periods[0]).sort()).toEqual(['endDate', 'id', 'isAvailable', 'startDate']);
  expect(Object.keys(body.unavailable[0]).sort()).toEqual(['endDate', 'id', 'startDate']);
  expect(Object.keys(body.slots[0]).sort()).toEqual(['date', 'endTime', 'id', 'isAvailable', 'startTime']);
});

test('an answer is serialised by its schema: a stored field the schema does not name is refused, never sent', async () => {
  const meta = (await t.repos.content.getPortfolioMeta())?.data;
  await t.repos.content.putDocument(
    PORTFOLIO_META_ID,
    { ...meta, privateNote: 'NOT-FOR-VISITORS' },
    new Date().toISOString(),
  );
  try {
    const res = await t.app.inject('/api/portfolio/meta');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('NOT-FOR-VISITORS');
  } finally {
    await t.repos.content.putDocument(PORTFOLIO_META_ID, meta, new Date().toISOString());
  }
  expect((await t.app.inject('/api/portfolio/meta')).statusCode).toBe(200);
});

test('an unknown API path answers 404 JSON', async () => {
  const res = await t.app.inject('/api/does-not-exist');
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.json().message).toContain('/api/does-not-exist');
});

test('a client route answers the shell HTML with the runtime configuration in it', async () => {
  for (const route of ['/portfolio/runway', '/book-me', '/admin', '/finishSignIn']) {
    const res = await t.app.inject(route);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('"public-site":"/remotes/public-site/mf-manifest.json"');
  }
  expect((await t.app.inject('/missing.js')).statusCode).toBe(404);
});

test('an address no route of the registry knows answers 404 with the same page, which shows the not-found screen', async () => {
  for (const route of ['/no-such-page', '/portfolio/runway/extra', '/service', '/admins']) {
    const res = await t.app.inject(route);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('"public-site":"/remotes/public-site/mf-manifest.json"');
  }
  expect((await t.app.inject('/service/photoshoot')).statusCode).toBe(200);
  expect((await t.app.inject('/admin/bookings')).statusCode).toBe(200);
});

test('a restart keeps the data and does not seed twice', async () => {
  t.app.db.prepare("INSERT INTO services (id, position, display_name) VALUES ('extra', 9, 'Extra')").run();
  const again = await build({ dataDir: t.dataDir });
  try {
    const ids = ((await again.app.inject('/api/services')).json() as Array<{ id: string }>).map((s) => s.id);
    expect(ids).toEqual(['photoshoot', 'usergeneratedcontent', 'others', 'brand-events', 'extra']);
  } finally {
    await again.close();
  }
});
