import { MESSAGES } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorAnswer } from '../../src/app';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 4 });
});
afterAll(() => t.close());

describe('a deadlock PostgreSQL broke', () => {
  it('answers 503 with a message to try again, not 500', async () => {
    // Two transactions lock two rows in opposite orders: PostgreSQL cancels one with 40P01.
    const a = await t.database.pool.connect();
    const b = await t.database.pool.connect();
    try {
      await a.query('create table lock_pair (id int primary key); insert into lock_pair values (1), (2)');
      await a.query('begin');
      await b.query('begin');
      await a.query('select 1 from lock_pair where id = 1 for update');
      await b.query('select 1 from lock_pair where id = 2 for update');
      const outcomes = await Promise.allSettled([
        a.query('select 1 from lock_pair where id = 2 for update'),
        b.query('select 1 from lock_pair where id = 1 for update'),
      ]);
      const failed = outcomes.find((o) => o.status === 'rejected');
      expect(failed).toBeDefined();
      const error = (failed as PromiseRejectedResult).reason as Error & { code?: string };
      expect(error.code).toBe('40P01');
      const answer = toErrorAnswer(error);
      expect(answer.status).toBe(503);
      expect(answer.body.detail).toBe(MESSAGES.validation.busyTryAgain);
      expect(answer.headers?.['retry-after']).toBe('1');
    } finally {
      await a.query('rollback').catch(() => {});
      await b.query('rollback').catch(() => {});
      a.release();
      b.release();
    }
  });
});
