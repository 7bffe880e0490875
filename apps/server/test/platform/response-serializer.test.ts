import { envelope } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { responseSerializerCompiler } from '../../src/platform/response-serializer';

const account = envelope(
  z.object({
    id: z.number().int(),
    email: z.string(),
    phone: z.string().nullable(),
    manager: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    tags: z.array(z.object({ name: z.string() })),
    note: z.string().optional(),
  }),
);

function serializerFor(schema: z.ZodType, checked: boolean) {
  const compile = responseSerializerCompiler({ checked });
  return compile({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;
}

const answer = {
  response_description: 'Here it is.',
  response_data: {
    id: 7,
    email: 'ada@example.com',
    phone: null,
    manager: { id: 1, name: 'Obi', password_hash: '$argon2id$manager' },
    tags: [{ name: 'vip', secret: 'x' }],
    password_hash: '$argon2id$secret',
  },
};

describe('the response serializer', () => {
  it('runs with the zod check in the test suite, so every API test proves its answers match the contract', () => {
    expect(process.env.NODE_ENV).toBe('test');
  });

  for (const checked of [false, true]) {
    describe(checked ? 'checked (tests)' : 'unchecked (production)', () => {
      it("writes only the schema's fields, at every depth: a password hash never leaves", () => {
        const written = serializerFor(account, checked)(answer);
        expect(written).not.toContain('argon2');
        expect(written).not.toContain('secret');
        expect(JSON.parse(written)).toEqual({
          response_description: 'Here it is.',
          response_data: {
            id: 7,
            email: 'ada@example.com',
            phone: null,
            manager: { id: 1, name: 'Obi' },
            tags: [{ name: 'vip' }],
          },
        });
      });

      it('writes the same JSON as the zod serializer did, nulls and optional fields included', () => {
        const data = { ...answer, response_data: { ...answer.response_data, phone: '0803', manager: null, note: 'n' } };
        const written = JSON.parse(serializerFor(account, checked)(data));
        expect(written.response_data).toMatchObject({ phone: '0803', manager: null, note: 'n' });
      });

      it('fails an answer that lacks a required field instead of sending it without', () => {
        const { email: _, ...withoutEmail } = answer.response_data;
        expect(() => serializerFor(account, checked)({ ...answer, response_data: withoutEmail })).toThrow();
      });
    });
  }

  it('checked, fails an answer that does not match the contract even where the JSON writer would cope', () => {
    const wrongType = { ...answer, response_data: { ...answer.response_data, email: 42 } };
    expect(() => serializerFor(account, true)(wrongType)).toThrow();
  });
});
