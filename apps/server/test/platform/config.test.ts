import { describe, expect, it } from 'vitest';
import { defaultPoolSize, loadConfig } from '../../src/platform/config';

describe('the database pool of a server process', () => {
  it('is about twice the cores in all (cores × 2 + 1), so that PostgreSQL runs no more at once than the cores serve', () => {
    expect(loadConfig({}, 2).dbPoolSize).toBe(5);
    expect(loadConfig({}, 1).dbPoolSize).toBe(3);
    expect(loadConfig({}, 8).dbPoolSize).toBe(17);
  });

  it('is shared among the processes of WEB_CONCURRENCY, at least 2 each', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '2' }, 2).dbPoolSize).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }, 8).dbPoolSize).toBe(5);
    expect(loadConfig({ WEB_CONCURRENCY: '8' }, 2).dbPoolSize).toBe(2);
    expect(defaultPoolSize(1, 2)).toBe(5);
  });

  it('is DB_POOL_SIZE when set, never below one connection, and refuses what is not a whole number', () => {
    expect(loadConfig({ DB_POOL_SIZE: '10' }, 2).dbPoolSize).toBe(10);
    expect(loadConfig({ DB_POOL_SIZE: '0' }, 2).dbPoolSize).toBe(1);
    expect(() => loadConfig({ DB_POOL_SIZE: 'many' }, 2)).toThrow('DB_POOL_SIZE must be a whole number, got "many".');
  });
});
