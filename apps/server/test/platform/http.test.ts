import { ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const validSignUp = () => ({
  first_name: 'Ada',
  last_name: 'Obi',
  email: `x-${Math.random()}@example.com`,
  password: 'long-enough',
  business: { name: 'Ada Stores', business_email: 'stores@example.com', about: 'Food' },
});

async function userCount() {
  return (await t.db.select().from(users)).length;
}

describe('the HTTP layer', () => {
  it('answers /healthz once the database is ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.paths[`/api/v1${ENDPOINTS.accounts.login.path}`]).toBeDefined();
    expect(document.paths[`/dev/api/v1${ENDPOINTS.accounts.login.path}`]).toBeUndefined();
  });

  it('answers the same routes under /dev/api/v1 for the spec clients', async () => {
    const answer = await api.send(ENDPOINTS.accounts.login, {
      prefix: '/dev/api/v1',
      body: { email_or_username: 'nobody', password: 'whatever-1' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_credentials');
  });

  it('refuses bad JSON with a 400 envelope and writes nothing', async () => {
    const before = await userCount();
    const answer = await api.send(ENDPOINTS.accounts.register, { raw: '{"first_name": "Ada",' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad_json', detail: 'The request body is not valid JSON.' });
    expect(answer.body.response_description).toBe(answer.body.detail);
    expect(await userCount()).toBe(before);
  });

  it('refuses wrong types with field errors', async () => {
    const answer = await api.send(ENDPOINTS.accounts.register, { body: { ...validSignUp(), first_name: 42 } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
    expect(answer.body.errors?.first_name).toEqual(['Expected a string.']);
  });

  it('refuses unknown fields, also nested ones', async () => {
    const body = validSignUp();
    const answer = await api.send(ENDPOINTS.accounts.register, {
      body: { ...body, is_superuser: true, business: { ...body.business, owner_id: 1 } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      is_superuser: ['Unknown field: is_superuser.'],
      'business.owner_id': ['Unknown field: owner_id.'],
    });
  });

  it('refuses missing fields and a short password', async () => {
    const answer = await api.send(ENDPOINTS.accounts.register, {
      body: { ...validSignUp(), last_name: undefined, password: 'short' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      last_name: ['This field is required.'],
      password: ['Password must be at least 8 characters.'],
    });
  });

  it('refuses an oversized body with 413', async () => {
    const before = await userCount();
    const answer = await api.send(ENDPOINTS.accounts.register, {
      raw: JSON.stringify({ ...validSignUp(), about: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
    expect(await userCount()).toBe(before);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const answer = await api.send(ENDPOINTS.accounts.login, {
      raw: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe('unsupported_media_type');
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const answer = await api.unknownPath('GET', '/no/such/route/');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not_found');
  });

  it('gives every answer a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});
