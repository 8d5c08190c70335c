// Every API route states what it reads and what it answers with the shared zod schemas (docs/architecture.md), so
// the request is parsed and the answer serialised by them. A route added without them fails here.
import Fastify, { type RouteOptions } from 'fastify';
import { rmSync } from 'node:fs';
import { apiErrorSchema, z } from '@studio/shared/schemas';
import { studio } from '../src/app/app';
import { testOptions } from './helper';

const routes: Array<{ name: string; route: RouteOptions }> = [];

beforeAll(async () => {
  const options = testOptions();
  const app = Fastify();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && route.url.startsWith('/api/')) routes.push({ name: `${method} ${route.url}`, route });
    }
  });
  await app.register(studio, { options });
  await app.ready();
  await app.close();
  rmSync(options.dataDir, { recursive: true, force: true });
});

const declared = () => routes;

test('every API route declares its schemas', () => {
  expect(routes.length).toBeGreaterThan(20);
  expect(routes.filter(({ route }) => route.schema === undefined).map(({ name }) => name)).toEqual([]);
});

test('every route declares a success answer from the shared schemas and the error shape for the rest', () => {
  for (const { name, route } of declared()) {
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    const success = Object.keys(response).filter((status) => /^2\d\d$/.test(status));
    expect({ name, success: success.length }).toEqual({ name, success: 1 });
    for (const status of success) expect(response[status]).toBeInstanceOf(z.ZodType);
    for (const [status, schema] of Object.entries(response)) {
      if (/^[45]/.test(status))
        expect({ name, status, isErrorShape: schema === apiErrorSchema }).toMatchObject({ isErrorShape: true });
    }
    expect(response['4xx']).toBe(apiErrorSchema);
    expect(response['5xx']).toBe(apiErrorSchema);
  }
});

test('every route with a path parameter declares its params, and every write that reads a body declares the body', () => {
  for (const { name, route } of declared()) {
    if (route.url.includes('/:'))
      expect({ name, params: route.schema?.params }).toMatchObject({ params: expect.any(z.ZodType) });
    if (['POST', 'PUT', 'PATCH'].includes(String(route.method))) {
      expect({ name, body: route.schema?.body }).toMatchObject({ body: expect.any(z.ZodType) });
    }
  }
});
