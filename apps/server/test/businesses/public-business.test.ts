import { BUSINESS_MESSAGES, ENDPOINTS, TEAM_MESSAGES } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { freshIp, signUpCeo, unique } from '../factories';
import { type ApiClient, apiClient } from '../http';

/** GET /users/businesses/public/: what an invite link's join page may learn before anyone signs up. */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('GET /users/businesses/public/', () => {
  it("answers a guest with the business's name and slug, nothing more (no ids, no emails)", async () => {
    const ceo = await signUpCeo(t, { businessName: 'Ada Provisions' });
    const answer = await api.call(
      ENDPOINTS.businesses.getPublicBusiness,
      { slug: ceo.business.slug.toUpperCase() },
      { ip: freshIp() },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(BUSINESS_MESSAGES.publicFound);
    expect(answer.body.response_data).toEqual({ name: 'Ada Provisions', slug: ceo.business.slug });
  });

  it('answers an unknown slug with 404 and the invite words', async () => {
    const slug = `nobody-${unique()}`;
    const answer = await api.call(ENDPOINTS.businesses.getPublicBusiness, { slug }, { ip: freshIp() });
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe(TEAM_MESSAGES.businessNotFoundForInvite(slug));
  });

  it('limits unknown slugs per IP, not the shops behind other addresses', async () => {
    const ceo = await signUpCeo(t);
    const guesser = freshIp();
    const statuses: number[] = [];
    for (let guess = 0; guess < 31; guess++) {
      const answer = await api.call(
        ENDPOINTS.businesses.getPublicBusiness,
        { slug: `guess-${guess}-${unique()}` },
        { ip: guesser },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The guesser is stopped even for a real slug; someone else is not.
    const blocked = await api.call(
      ENDPOINTS.businesses.getPublicBusiness,
      { slug: ceo.business.slug },
      { ip: guesser },
    );
    expect(blocked.status).toBe(429);
    const other = await api.call(
      ENDPOINTS.businesses.getPublicBusiness,
      { slug: ceo.business.slug },
      { ip: freshIp() },
    );
    expect(other.status).toBe(200);
  });
});
