// The authorisation matrix's rows for her content: the site, the comp card, services, the portfolio, projects and
// media uploads.
import { ADMIN_ONLY, OPEN, uploadForm, type Row } from './authorization-matrix-kit';

export const CONTENT_ROWS: Row[] = [
  // Her content. Every read of the admin's lists and every write is hers alone; visitors read /api/site.
  { method: 'GET', route: '/api/site', request: () => ({ url: '/api/site' }), expect: OPEN },
  {
    method: 'PUT',
    route: '/api/admin/site',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/site',
      payload: {
        name: 'Matrix Model',
        tagline: '',
        heroImage: '',
        about: '',
        email: '',
        phone: '',
        agency: '',
        social: [],
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/comp-card',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/comp-card',
      payload: {
        units: 'metric',
        height: '178 cm',
        bust: '',
        waist: '',
        hips: '',
        dress: '',
        shoe: '',
        hair: '',
        eyes: '',
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/services',
    request: () => ({ url: '/api/admin/services' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/services/:id',
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/services/matrix-${c.seq}`,
      payload: { id: `matrix-${c.seq}`, displayName: 'Matrix', description: '', image: '', price: '', tiers: [] },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/services/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/services/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/service-order',
    // An order that names no service: the admin reaches the route's own check (400), the others never get that far.
    request: () => ({ method: 'PUT', url: '/api/admin/service-order', payload: { ids: [] } }),
    expect: ADMIN_ONLY(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/portfolio/meta',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/portfolio/meta',
      payload: {
        RUNWAY_SECTION_MAP: {},
        RUNWAY_SECTION_SUBTITLES: {},
        PRINT_CONCEPTS: [],
        PRINT_CONCEPT_KEY_MAP: {},
        PRINT_CONCEPT_DETAILS: {},
        portfolioCategories: [],
        ugcReels: [],
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/portfolio',
    // A subtitle without its show: the admin reaches the schema's cross-check (400), the others never get that far.
    request: () => ({
      method: 'PUT',
      url: '/api/admin/portfolio',
      payload: {
        meta: {
          RUNWAY_SECTION_MAP: {},
          RUNWAY_SECTION_SUBTITLES: { gone: 'Left behind' },
          PRINT_CONCEPTS: [],
          PRINT_CONCEPT_KEY_MAP: {},
          PRINT_CONCEPT_DETAILS: {},
          portfolioCategories: [],
          ugcReels: [],
        },
        content: { runway: {}, print: {}, 'comp-card': [], digitals: [] },
      },
    }),
    expect: ADMIN_ONLY(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/portfolio/content',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/portfolio/content',
      payload: { runway: {}, print: {}, 'comp-card': [], digitals: [] },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/projects',
    request: () => ({ url: '/api/admin/projects' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/projects/:id',
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/projects/matrix-${c.seq}`,
      payload: {
        project: { id: `matrix-${c.seq}`, title: 'Matrix', description: '', category: 'print' },
        gallery: { images: [], videos: [] },
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/projects/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/projects/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  // Uploads: the guard runs before the body is read; the admin's upload is processed for real (admin-media.test.ts).
  {
    method: 'POST',
    route: '/api/admin/media',
    request: () => ({
      method: 'POST',
      url: '/api/admin/media',
      payload: uploadForm.payload,
      headers: { 'content-type': uploadForm.contentType },
    }),
    expect: ADMIN_ONLY(201),
  },
  // The straight-to-storage upload is the Firebase home's: here, with no bucket, her request is understood and
  // answered 404, and nobody else's gets that far.
  {
    method: 'POST',
    route: '/api/admin/media/uploads',
    request: () => ({
      method: 'POST',
      url: '/api/admin/media/uploads',
      payload: { contentType: 'image/jpeg', bytes: 1024 },
    }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'POST',
    route: '/api/admin/media/uploads/:id',
    request: () => ({
      method: 'POST',
      url: '/api/admin/media/uploads/00000000-0000-4000-8000-000000000000',
      payload: { alt: 'A portrait', section: 'comp-card' },
    }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/media/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/media/00000000-0000-4000-8000-000000000000' }),
    expect: ADMIN_ONLY(404),
  },
];
