import { ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * How many new passwords the server hashed. The hash (argon2) is the one step slow enough to see from outside:
 * a reset that hashed before it checked the code answered a known address with a wrong code tens of
 * milliseconds later than an unknown one, which told who has an account. The real function still runs.
 */
const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/modules/accounts/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/modules/accounts/passwords')>();
  return {
    ...actual,
    hashPassword: (password: string) => {
      hashed.count++;
      return actual.hashPassword(password);
    },
  };
});

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const reset = (email: string, code: string) =>
  api.call(ENDPOINTS.accounts.resetPassword, { email, code, new_password: 'a-new-password-7' }, { ip: freshIp() });

describe('POST /users/reset-password/ does the same work for a known and an unknown address', () => {
  it('hashes the new password only once the code is right, so a wrong code costs no hash for anyone', async () => {
    const ceo = await signUpCeo(t);
    await api.call(ENDPOINTS.accounts.forgotPassword, { email: ceo.email }, { ip: freshIp() });
    const code = codeFromMail(t, ceo.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    hashed.count = 0;
    const unknown = await reset(`nobody-${Date.now()}@example.com`, wrong);
    const known = await reset(ceo.email, wrong);
    expect(unknown.status).toBe(400);
    expect(known.status).toBe(400);
    expect(known.body).toEqual(unknown.body);
    expect(hashed.count).toBe(0);

    const right = await reset(ceo.email, code);
    expect(right.status).toBe(200);
    expect(hashed.count).toBe(1);
  });
});
