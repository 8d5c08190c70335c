// Her one Save: PUT /api/admin/portfolio stores the words and the media together, in her order, and
// refuses with a 400 naming each field at fault (a concept named twice, a concept without an address name, a
// subtitle left by a removed show, a show id of digits only, an image without alt text) while storing neither.
import type { InjectOptions } from 'fastify';
import type { Portfolio } from '@studio/shared/domain';
import {
  ALT_TEXT_REQUIRED,
  CONCEPT_KEY_MISSING,
  CONCEPT_KEY_TAKEN,
  CONCEPT_NAME_TAKEN,
  SHOW_ID_NUMERIC,
  SUBTITLE_WITHOUT_SHOW,
} from '@studio/shared/schemas';
import { ADMIN_EMAIL, build, withCsrf, type TestApp } from './helper';

let t: TestApp;
let session: string;
beforeEach(async () => {
  t = await build();
  session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterEach(() => t.close());

const put = (payload: unknown): InjectOptions =>
  withCsrf({
    method: 'PUT',
    url: '/api/admin/portfolio',
    payload: payload as object,
    cookies: { studio_session: session },
  });

const stored = async (): Promise<Portfolio> => ({
  meta: (await t.app.inject('/api/portfolio/meta')).json(),
  content: (await t.app.inject('/api/portfolio/content')).json(),
});

/** What she starts from: the seed, without its empty reel row (her form drops blank rows before it saves). */
const start = async (): Promise<Portfolio> => {
  const s = await stored();
  const clean = { ...s, meta: { ...s.meta, ugcReels: s.meta.ugcReels.filter(Boolean) } };
  expect((await t.app.inject(put(clean))).statusCode).toBe(200);
  return clean;
};

test('stores a show she added first, with its photos, and drops a removed concept with its own', async () => {
  const before = await start();
  const name = before.meta.PRINT_CONCEPTS[0] as string;
  const key = before.meta.PRINT_CONCEPT_KEY_MAP[name] as string;
  const { [name]: _gone, ...keyMap } = before.meta.PRINT_CONCEPT_KEY_MAP;
  const { [key]: _details, ...details } = before.meta.PRINT_CONCEPT_DETAILS;
  const { [key]: _media, ...print } = before.content.print;
  const next: Portfolio = {
    meta: {
      ...before.meta,
      RUNWAY_SECTION_MAP: { 'desert-nights': 'Desert Nights', ...before.meta.RUNWAY_SECTION_MAP },
      PRINT_CONCEPTS: before.meta.PRINT_CONCEPTS.slice(1),
      PRINT_CONCEPT_KEY_MAP: keyMap,
      PRINT_CONCEPT_DETAILS: details,
    },
    content: {
      ...before.content,
      runway: {
        'desert-nights': [{ type: 'image', url: '/media/uploads/x/800.jpg', name: 'Gown' }],
        ...before.content.runway,
      },
      print,
    },
  };
  const res = await t.app.inject(put(next));
  expect(res.statusCode).toBe(200);
  const after = await stored();
  expect(after).toEqual(next);
  expect(Object.keys(after.meta.RUNWAY_SECTION_MAP)[0]).toBe('desert-nights');
  expect(after.meta.PRINT_CONCEPTS).not.toContain(name);
  expect(after.content.print[key]).toBeUndefined();
});

test('refuses parts that disagree, each at its field, and stores neither document', async () => {
  const before = await start();
  const [first, second] = before.meta.PRINT_CONCEPTS as [string, string];
  const res = await t.app.inject(
    put({
      meta: {
        ...before.meta,
        RUNWAY_SECTION_MAP: { ...before.meta.RUNWAY_SECTION_MAP, '2025': 'Twenty' },
        RUNWAY_SECTION_SUBTITLES: { ...before.meta.RUNWAY_SECTION_SUBTITLES, gone: 'Left behind' },
        PRINT_CONCEPTS: [first, first, second, 'Unkeyed'],
        PRINT_CONCEPT_KEY_MAP: {
          ...before.meta.PRINT_CONCEPT_KEY_MAP,
          [second]: before.meta.PRINT_CONCEPT_KEY_MAP[first],
        },
      },
      content: before.content,
    }),
  );
  expect(res.statusCode).toBe(400);
  const { fieldErrors } = res.json() as { fieldErrors: Record<string, string[]> };
  expect(fieldErrors).toMatchObject({
    'meta.RUNWAY_SECTION_MAP.2025': [SHOW_ID_NUMERIC],
    'meta.RUNWAY_SECTION_SUBTITLES.gone': [SUBTITLE_WITHOUT_SHOW],
    'meta.PRINT_CONCEPTS.1': [CONCEPT_NAME_TAKEN],
    [`meta.PRINT_CONCEPT_KEY_MAP.${second}`]: [CONCEPT_KEY_TAKEN],
    'meta.PRINT_CONCEPTS.3': [CONCEPT_KEY_MISSING],
  });
  expect(await stored()).toEqual(before);
});

test('refuses an image without alt text in the media, and stores neither document', async () => {
  const before = await start();
  const content = { ...before.content, 'comp-card': [{ type: 'image', url: '/media/a.jpg', name: ' ' }] };
  const res = await t.app.inject(put({ meta: before.meta, content }));
  expect(res.statusCode).toBe(400);
  expect((res.json() as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
    'content.comp-card.0.name': [ALT_TEXT_REQUIRED],
  });
  expect(await stored()).toEqual(before);
});

test('refuses a body without both parts', async () => {
  const before = await start();
  const res = await t.app.inject(put({ meta: before.meta }));
  expect(res.statusCode).toBe(400);
  expect(Object.keys((res.json() as { fieldErrors: object }).fieldErrors)).toContain('content');
});
