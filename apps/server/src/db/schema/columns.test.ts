import { PAYMENT_METHODS } from '@oja/contract';
import { PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { oneOf } from './columns';

const table = pgTable('things', { kind: text().notNull() });
const render = (values: readonly [string, ...string[]]) => new PgDialect().sqlToQuery(oneOf(table.kind, values));

describe('oneOf', () => {
  it('writes the values inline, in order, as the committed migrations have them', () => {
    expect(render(PAYMENT_METHODS)).toEqual({
      sql: `"things"."kind" in ('cash', 'bank_transfer', 'pos_card')`,
      params: [],
    });
  });

  it('doubles a quote inside a value, so a value can never end the literal', () => {
    expect(render(["it's", "'); drop table things; --"]).sql).toBe(
      `"things"."kind" in ('it''s', '''); drop table things; --')`,
    );
  });
});
