import { ENDPOINTS, type Endpoint } from '@oja/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { type ApiClient, apiClient } from '../http';
import { buildWorld, fingerprint, VALID_INPUTS, type World } from './world';

/**
 * Every route, fed its valid input mutated the way a careless or hostile client would: fields missing,
 * extra or of the wrong type, huge and tiny numbers, fractions, NUL and other control characters, unicode,
 * SQL and HTML fragments, impossible dates, deep nesting, JSON that is not an object. Every answer is a
 * 2xx or a 4xx with a message, never a 5xx, and a refused request changes no row.
 * `npm test` runs a fixed seed; `npm run fuzz` runs many more (FUZZ_RUNS, FUZZ_SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let t: TestApp;
let api: ApiClient;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  world = await buildWorld(t);
}, 60_000);
afterAll(() => t.close());

const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { nested: deep(depth - 1) });

const hostileValue = fc.oneof(
  fc.constantFrom(
    null,
    '',
    ' ',
    '\u0000',
    'Rice\u0000',
    '\u0007\u001b[31m',
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '0000-01-01',
    '2025-02-30',
    '99999-01-01',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '9'.repeat(40),
    '1.234',
    '-5',
    '%',
    '_',
    '\\',
    '🍚🇳🇬',
    'x'.repeat(10_000),
  ),
  fc.constantFrom(0, -1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, true, false),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.constant(deep(60)),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
);

type Mutation =
  | { kind: 'drop'; pick: number }
  | { kind: 'add'; name: string; value: unknown }
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'whole'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    value: hostileValue,
  }),
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }), weight: 4 },
  fc.record({
    kind: fc.constant('whole' as const),
    value: fc.oneof(
      fc.constant(null),
      fc.constant([]),
      fc.string({ maxLength: 10 }),
      fc.integer(),
      fc.constant(deep(80)),
    ),
  }),
);

function mutate(input: Record<string, unknown>, change: Mutation): unknown {
  const fields = Object.keys(input);
  const field = fields.length > 0 ? fields[('pick' in change ? change.pick : 0) % fields.length] : undefined;
  switch (change.kind) {
    case 'drop': {
      const { [field ?? '']: _dropped, ...rest } = input;
      return rest;
    }
    case 'add':
      return { ...input, [change.name]: change.value };
    case 'replace':
      return field === undefined ? { value: change.value } : { ...input, [field]: change.value };
    case 'whole':
      return change.value;
  }
}

/** A GET's query string carries text only: every value travels as its String(). */
function asQuery(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { q: String(value) };
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]),
  );
}

// Deleting the world's business succeeds whenever a mutation leaves its id intact: it runs last.
const entries = Object.entries(ENDPOINTS)
  .flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, entry]) => ({ group, name, entry: entry as Endpoint })),
  )
  .sort((a, b) => Number(a.name === 'deleteBusiness') - Number(b.name === 'deleteBusiness'));

describe('hostile input', () => {
  for (const { group, name, entry } of entries) {
    const key = `${group}.${name}`;
    it(`never answers 5xx: ${entry.method} ${entry.path} (${key})`, async () => {
      const build = (VALID_INPUTS as Record<string, Record<string, (w: World) => unknown>>)[group]?.[name];
      expect(build, `${key} has no valid input in proofs/world.ts`).toBeDefined();
      await fc.assert(
        fc.asyncProperty(mutation, async (change) => {
          const valid = ((await build?.(world)) ?? {}) as Record<string, unknown>;
          const sent = mutate(valid, change);
          const before = await fingerprint(t);
          const isObject = sent !== null && typeof sent === 'object' && !Array.isArray(sent);
          // Routes open to anyone are called as anyone: with the owner's token, logout would end the session.
          const isOpen = entry.access.kind === 'public' || entry.access.kind === 'session_optional';
          const answer = await api.send(entry, {
            token: isOpen ? undefined : world.owner.token,
            ...(entry.method === 'GET'
              ? { query: asQuery(sent) }
              : isObject
                ? { body: sent }
                : { raw: JSON.stringify(sent) ?? 'null' }),
          });
          const where = `${key} with ${JSON.stringify(sent)?.slice(0, 300)}: ${answer.status} ${answer.body.response_description}`;
          expect(answer.status, where).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.body.response_description, where).toBeTruthy();
            expect(await fingerprint(t), `${where} changed the database`).toEqual(before);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }, 120_000);
  }
});
