import { ENDPOINTS, type Endpoint, type MemberRole, PERMISSIONS, type Permission } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { type ApiClient, apiClient } from '../http';
import { buildWorld, fingerprint, KNOCKERS, type Knocker, tokenOf, VALID_INPUTS, type World } from './world';

/**
 * Every route of the endpoint table against every kind of caller, with a valid input: the callers the
 * entry's access rule admits succeed; the others get 401 (nobody), 404 (another business, which must
 * learn nothing) or 403 (a member whose role lacks the permission), and the database is unchanged.
 * A co-CEO (promoted, not the owner) may what the owner may but delete the business. And every route
 * naming records answers 404, changing nothing, when a member of another business names their own
 * business with one of this business's record ids (product, batch, cart, sale, user…).
 */
let t: TestApp;
let api: ApiClient;
let world: World;
let neighbour: World;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  world = await buildWorld(t);
  // The outsider's business with the same cast and records: its members call with one id of this world's.
  neighbour = await buildWorld(t, { owner: world.outsider, outsider: world.owner });
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
  // A co-CEO holds the CEO's role: the owner's permissions (what only the owner may is an exception below).
  const role = who === 'co_ceo' ? 'ceo' : who;
  return (PERMISSIONS[access.permission] as readonly string[]).includes(role) ? 'ok' : 403;
}

/**
 * Where a use case scopes a signed-in route further than its access rule, or a route's success needs the
 * caller to be someone in particular, said here with the reason.
 */
const EXCEPTIONS: Partial<Record<string, Partial<Record<Knocker, Expected>>>> = {
  // Only business owners (account role ceo) open businesses; members are told so.
  'businesses.createBusiness': {
    user: 403,
    customer: 403,
    sales_rep: 403,
    sales_person: 403,
    manager: 403,
    co_ceo: 403,
  },
  // The business has one owner, who alone deletes it; a co-CEO is refused (issue 13, finding 1).
  'businesses.deleteBusiness': { co_ceo: 403 },
  // A slug of a business the caller is not in answers like an unknown slug; its members all see it.
  'businesses.getBusinessBySlug': {
    outsider: 404,
    user: 'ok',
    customer: 'ok',
    sales_rep: 'ok',
    sales_person: 'ok',
    manager: 'ok',
    co_ceo: 'ok',
  },
  // The valid input names the owner's expense: anyone but the CEO deletes only their own, and another's looks missing.
  'expenses.deleteExpense': { sales_rep: 404, sales_person: 404, manager: 404 },
};

/** A key of an input that names a record (the business aside): `id`, `product_id`, `batch_id`, `user_ids`… */
const RECORD_KEY = /^(id|.+_id|.+_ids)$/;
/**
 * Ids a phone makes for itself (UUIDs, ADR 0013), not records of a business: the same phone may sell for two
 * shops, and a counter sale's id is scoped by its seller. test/counter/ proves what another business's do.
 */
const DEVICE_MADE_KEYS = new Set(['device_id', 'client_sale_id']);
const recordKeys = (input: Record<string, unknown>, businessField: string) =>
  Object.keys(input).filter(
    (key) =>
      key !== businessField &&
      RECORD_KEY.test(key) &&
      !DEVICE_MADE_KEYS.has(key) &&
      input[key] !== null &&
      input[key] !== undefined,
  );
/** The field of an input holding lines that name products: a cart's or a request's items, a counter sale's lines. */
const linesFieldOf = (input: Record<string, unknown>) =>
  Array.isArray(input.items) ? 'items' : Array.isArray(input.lines) ? 'lines' : null;
const linesOf = (input: Record<string, unknown>) => {
  const field = linesFieldOf(input);
  return field ? (input[field] as Record<string, unknown>[]) : [];
};
/** An id no business has. */
const NOBODYS_ID = 999_999_999;

/** A member of the neighbour's business whose role has the permission (its owner when the CEO has it). */
function neighbourWith(permission: Permission): Knocker {
  const roles = PERMISSIONS[permission] as readonly MemberRole[];
  return roles.includes('ceo') ? 'ceo' : (roles[0] as Knocker);
}

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
      // Cross-business: a member of the neighbour's business, allowed this route there, sends their own valid
      // input with one record id of this world's in it (each in turn; a cart's lines all at once). Every such
      // record must look missing, 404 (a line's product, or sale line, answers as one that exists nowhere), and
      // nothing may change. Routes whose business is the record's own are the outsider's knock below.
      const access = entry.access;
      if (access.kind === 'business' && !('record' in access.from)) {
        const field = access.from.field;
        const theirs = (await build?.(world)) as Record<string, unknown> | undefined;
        const swaps = theirs && field in theirs ? recordKeys(theirs, field) : [];
        const lines = theirs ? linesOf(theirs) : [];
        if (swaps.length || lines.length) {
          const caller = neighbourWith(access.permission);
          const send = (body: Record<string, unknown>) =>
            api.send(entry, {
              token: tokenOf(neighbour, caller),
              ...(entry.method === 'GET' ? { query: body as Record<string, string> } : { body }),
            });
          const foreign: [string, Record<string, unknown>][] = [];
          for (const swap of swaps) {
            const own = (await build?.(neighbour)) as Record<string, unknown>;
            foreign.push([swap, { ...own, [swap]: theirs?.[swap] }]);
          }
          const linesField = theirs ? linesFieldOf(theirs) : null;
          if (lines.length && linesField) {
            const own = (await build?.(neighbour)) as Record<string, unknown>;
            foreign.push([linesField, { ...own, [linesField]: lines }]);
          }
          // One fingerprint around all of a route's calls: any of them changing a row fails the route.
          const before = await fingerprint(t);
          for (const [swap, input] of foreign) {
            const answer = await send(input);
            const where = `${key} by the neighbour's ${caller} with this business's ${swap}: ${answer.status} ${answer.body.response_description}`;
            if (swap === linesField) {
              const missing = await send({
                ...input,
                // A line names its product, or (a return's) the sale line it gives back.
                [swap]: lines.map((line) => ({
                  ...line,
                  ...('product_id' in line ? { product_id: NOBODYS_ID } : { sale_line_id: NOBODYS_ID }),
                })),
              });
              expect(answer.status, where).toBeGreaterThanOrEqual(400);
              expect({ status: answer.status, body: answer.body }, where).toEqual({
                status: missing.status,
                body: missing.body,
              });
            } else {
              expect(answer.status, where).toBe(404);
            }
          }
          expect(await fingerprint(t), `${key} with this business's records changed the database`).toEqual(before);
        }
      }
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
