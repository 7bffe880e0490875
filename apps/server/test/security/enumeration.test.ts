import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { freshIp, signUpBody, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('sign-up with a taken email', () => {
  it('is limited per address, from any IP', async () => {
    // The owner's own sign-up is the address's first of five this hour.
    const owner = await signUpCeo(t);
    for (let attempt = 2; attempt <= 5; attempt++) {
      const taken = await api.call(
        ENDPOINTS.accounts.register,
        { ...signUpBody(), email: owner.email },
        { ip: freshIp() },
      );
      expect(taken.status).toBe(409);
      expect(taken.body.detail).toBe(MESSAGES.auth.emailTaken);
    }
    const limited = await api.call(
      ENDPOINTS.accounts.register,
      { ...signUpBody(), email: owner.email },
      { ip: freshIp() },
    );
    expect(limited.status).toBe(429);
  });

  it('is limited per IP across addresses', async () => {
    const ip = freshIp();
    const owners: string[] = [];
    for (let index = 0; index < 3; index++) owners.push((await signUpCeo(t)).email);
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const email = owners[attempt % owners.length] ?? '';
      statuses.push((await api.call(ENDPOINTS.accounts.register, { ...signUpBody(), email }, { ip })).status);
    }
    statuses = [...new Set(statuses)];
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 409 || status === 429)).toBe(true);
  });
});
