import { ENDPOINTS, type Endpoint, PERMISSIONS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { type ApiClient, apiClient } from '../http';
import { buildWorld, fingerprint, KNOCKERS, type Knocker, tokenOf, VALID_INPUTS, type World } from './world';

/**
 * Every route of the endpoint table against every kind of caller, with a valid input: the callers the
 * entry's access rule admits succeed; the others get 401 (nobody), 404 (another business, which must
 * learn nothing) or 403 (a member whose role lacks the permission), and the database is unchanged.
 */
let t: TestApp;
let api: ApiClient;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  world = await buildWorld(t);
}, 60_000);
afterAll(() => t.close());

type Expected = 'ok' | 401 | 403 | 404;

/**
 * What the table says a caller must get. Routes open to anyone are knocked on anonymously only (with a
 * member's token, logout would end that member's session for the rest of the matrix); a signed-in route's
 * input is its owner's, so the owner must succeed and nobody must get in.
 */
function expected(entry: Endpoint, who: Knocker): Expected | 'any' | 'skip' {
  const { access } = entry;
  if (access.kind === 'public' || access.kind === 'session_optional') return who === 'anonymous' ? 'any' : 'skip';
  if (who === 'anonymous') return 401;
  if (access.kind === 'signed_in') return who === 'ceo' ? 'ok' : 'any';
  if (who === 'outsider') return 404;
  return (PERMISSIONS[access.permission] as readonly string[]).includes(who) ? 'ok' : 403;
}

/**
 * Where a use case scopes a signed-in route further than its access rule, or a route's success needs the
 * caller to be someone in particular, said here with the reason.
 */
const EXCEPTIONS: Partial<Record<string, Partial<Record<Knocker, Expected>>>> = {
  // Only business owners (account role ceo) open businesses; members are told so.
  'businesses.createBusiness': { user: 403, customer: 403, sales_rep: 403, sales_person: 403, manager: 403 },
  // A slug of a business the caller is not in answers like an unknown slug; its members all see it.
  'businesses.getBusinessBySlug': {
    outsider: 404,
    user: 'ok',
    customer: 'ok',
    sales_rep: 'ok',
    sales_person: 'ok',
    manager: 'ok',
  },
  // The valid input names the owner's expense: anyone but the CEO deletes only their own, and another's looks missing.
  'expenses.deleteExpense': { sales_rep: 404, sales_person: 404, manager: 404 },
};

const entries = Object.entries(ENDPOINTS).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, entry]) => ({ group, name, entry: entry as Endpoint })),
);

/** The world-ending route runs last, and only for its rightful caller after every refusal. */
const ordered = [...entries].sort((a, b) => Number(a.name === 'deleteBusiness') - Number(b.name === 'deleteBusiness'));

describe('route × role matrix', () => {
  for (const { group, name, entry } of ordered) {
    const key = `${group}.${name}`;
    it(`${entry.method} ${entry.path} (${key})`, async () => {
      const build = (VALID_INPUTS as Record<string, Record<string, (w: World) => unknown>>)[group]?.[name];
      expect(build, `${key} has no valid input in proofs/world.ts`).toBeDefined();
      // Refusals first (each must change nothing), then the callers that may.
      const knockers = [...KNOCKERS].sort((a, b) => {
        const rank = (who: Knocker) => ((EXCEPTIONS[key]?.[who] ?? expected(entry, who)) === 'ok' ? 1 : 0);
        return rank(a) - rank(b);
      });
      for (const who of knockers) {
        const want = EXCEPTIONS[key]?.[who] ?? expected(entry, who);
        if (want === 'skip') continue;
        const input = await build?.(world);
        const before = want === 'ok' || want === 'any' ? null : await fingerprint(t);
        const answer = await api.send(entry, {
          token: tokenOf(world, who),
          ...(entry.method === 'GET' ? { query: input as Record<string, string> } : { body: input ?? {} }),
        });
        const where = `${key} as ${who}: ${answer.status} ${answer.body.response_description}`;
        expect(answer.status, where).toBeLessThan(500);
        if (want === 'any') continue;
        if (want === 'ok') {
          expect([200, 201], where).toContain(answer.status);
          continue;
        }
        expect(answer.status, where).toBe(want);
        expect(await fingerprint(t), `${where} changed the database`).toEqual(before);
      }
    });
  }
});
