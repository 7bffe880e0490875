import { isDeepStrictEqual } from 'node:util';
import build from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod';

type JsonSchema = Record<string, unknown>;
type Serializer = (data: unknown) => string;

/**
 * Answers are written by fast-json-stringify, compiled once per route from the JSON schema of the contract's
 * response schema (the one the API docs show). fastify-type-provider-zod's serializer ran the zod schema over
 * every answer, then JSON.stringify: a visible share of the server's CPU on every list, several times this
 * one's (bench/README.md), and more garbage per answer (zod's encode copies the whole answer before it is
 * stringified).
 *
 * What the contract guaranteed stays guaranteed: only the schema's fields are written (a field the schema
 * does not name, a password hash say, is never sent: the object schemas say `additionalProperties: false`,
 * and fast-json-stringify writes declared properties only), and a required field that is missing fails the
 * answer (500) instead of going out without it. What it no longer does outside the tests: check the values
 * against the schema's types, patterns and enums (a number where a string is due is written as a string).
 *
 * `checked` (the test suite: NODE_ENV=test, or OJA_CHECK_RESPONSES=true) also runs the zod schema over
 * every answer, as before, fails it when it does not match the contract, and fails it when the JSON written
 * differs from zod's: so the suite proves, answer by answer, that the two agree.
 */
export function responseSerializerCompiler(options: { checked: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const { schema, method, url } = route;
    const zodSerializer = zodSerializerCompiler(route) as Serializer;
    // Compiled on the route's first answer, not at start: compiling every route (both prefixes) slowed the
    // start-up, and routes that are never called keep no generated code.
    let fast: Serializer | undefined;
    const compiled = (): Serializer => {
      if (fast) return fast;
      try {
        fast = build(forFastJsonStringify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as never);
      } catch {
        // A schema that JSON Schema cannot say (none in the contract today): zod writes that route's answers.
        fast = zodSerializer;
      }
      return fast;
    };
    if (!options.checked) return (data: unknown) => compiled()(data);
    return (data: unknown) => {
      const expected = zodSerializer(data);
      const written = compiled()(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The answer of ${method} ${url}: fast-json-stringify wrote ${written}, the contract's schema gives ${expected}`,
        );
      }
      return written;
    };
  };
}

/**
 * zod writes "X or null" as `anyOf: [X, {type: 'null'}]`; fast-json-stringify would then check each value
 * against the branches with ajv. `nullable` on X says the same and is written directly.
 */
function forFastJsonStringify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJsonStringify);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    const hasNull = anyOf.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    if (hasNull && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _, ...rest } = node;
      return forFastJsonStringify({ ...rest, ...other, nullable: true });
    }
  }
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) copy[key] = forFastJsonStringify(value);
  return copy;
}
