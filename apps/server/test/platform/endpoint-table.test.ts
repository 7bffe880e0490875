import {
  ALL_ENDPOINTS,
  API_PREFIX,
  ENDPOINTS,
  type Endpoint,
  PERMISSIONS,
  routeList,
  SPEC_API_PREFIX,
} from '@oja/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardApiRoutes } from '../../src/platform/endpoints';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the endpoint table', () => {
  it('is exactly the routes the server answers, under both prefixes', () => {
    process.stdout.write(`${ALL_ENDPOINTS.length} endpoints:\n${routeList().join('\n')}\n`);
    expect(t.app.apiRoutes.get(API_PREFIX)?.sort()).toEqual(routeList());
    expect(t.app.apiRoutes.get(SPEC_API_PREFIX)?.sort()).toEqual(routeList());
  });

  it('names each method and path once', () => {
    expect(new Set(routeList()).size).toBe(ALL_ENDPOINTS.length);
  });

  it('gives every entry an access rule, and every business-scoped entry a permission that exists', () => {
    const kinds = new Set(['public', 'session_optional', 'signed_in', 'business']);
    for (const [group, entries] of Object.entries(ENDPOINTS)) {
      for (const [name, entry] of Object.entries(entries) as [string, Endpoint][]) {
        const where = `${group}.${name}`;
        expect(kinds.has(entry.access?.kind), where).toBe(true);
        if (entry.access.kind !== 'business') continue;
        expect(Object.keys(PERMISSIONS), where).toContain(entry.access.permission);
        expect(entry.access.from.field, where).toMatch(/^[a-z_]+$/);
        expect(entry.input, `${where} must take the input its business comes from`).toBeDefined();
      }
    }
  });

  it('refuses an API route registered without a table entry', async () => {
    const app = Fastify();
    guardApiRoutes(app);
    expect(() => app.get(`${API_PREFIX}/sneaky/`, async () => ({}))).toThrow(
      'GET /api/v1/sneaky/ is not in the endpoint table.',
    );
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.close();
  });
});
