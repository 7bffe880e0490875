import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, carts, memberships, products, sale_lines, sales, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { addMember, logIn, memberLoggedIn, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { insertProduct, insertSale } from './sales-factory';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('GET /users/businesses/list_businesses/', () => {
  it("lists the caller's businesses with their role, and nobody else's", async () => {
    const ceo = await signUpCeo(t, { businessName: 'Mama Put' });
    await signUpCeo(t, { businessName: 'Other Shop' });
    const answer = await api.get('/users/businesses/list_businesses/', { token: ceo.token });
    expect(answer.status).toBe(200);
    expect(answer.data.results).toHaveLength(1);
    expect(answer.data.results[0]).toMatchObject({
      id: ceo.business.id,
      name: 'Mama Put',
      slug: ceo.business.slug,
      about: 'Provisions and drinks',
      free_trial: true,
      role: 'ceo',
    });
  });

  it('refuses a guest', async () => {
    const answer = await api.get('/users/businesses/list_businesses/');
    expect(answer.status).toBe(401);
  });
});

describe('POST /users/businesses/', () => {
  it('creates a business with a unique slug, a free trial and the CEO as its active member', async () => {
    const ceo = await signUpCeo(t);
    const first = await api.post('/users/businesses/', {
      token: ceo.token,
      body: { name: 'Ngozi Drinks', about: 'Cold drinks' },
    });
    expect(first.status).toBe(201);
    expect(first.body.response_description).toBe('Business created ✅');
    expect(first.data).toMatchObject({ name: 'Ngozi Drinks', about: 'Cold drinks', slug: 'ngozi-drinks' });
    expect(first.data.trial_expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const second = await api.post('/users/businesses/', { token: ceo.token, body: { name: 'Ngozi  Drinks!' } });
    expect(second.status).toBe(201);
    expect(second.data).toMatchObject({ slug: 'ngozi-drinks-2', about: '' });

    const list = await api.get('/users/businesses/list_businesses/', { token: ceo.token });
    expect(list.data.results.map((business: { slug: string }) => business.slug)).toEqual([
      ceo.business.slug,
      'ngozi-drinks',
      'ngozi-drinks-2',
    ]);
    // The first business stays the one the CEO's answers speak of.
    const profile = await api.get('/users/profile/view/', { token: ceo.token });
    expect(profile.data.user.business.id).toBe(ceo.business.id);
  });

  it('refuses a member who is not a business owner', async () => {
    const ceo = await signUpCeo(t);
    const employee = await memberLoggedIn(t, ceo.business.id, 'sales_person');
    const answer = await api.post('/users/businesses/', { token: employee.token, body: { name: 'My Own Shop' } });
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toBe('Only a business owner (CEO) can create a business.');
  });

  it('requires a name and refuses unknown fields', async () => {
    const ceo = await signUpCeo(t);
    const blank = await api.post('/users/businesses/', { token: ceo.token, body: { name: '  ', about: 'x' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.name).toEqual(['This field is required.']);
    const extra = await api.post('/users/businesses/', { token: ceo.token, body: { name: 'Shop', owner_id: 1 } });
    expect(extra.status).toBe(400);
    expect(extra.body.errors?.owner_id).toEqual(['Unknown field: owner_id.']);
  });
});

describe('PATCH /users/businesses/update/', () => {
  it('lets the CEO rename it and change the description; the slug stays', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.patch('/users/businesses/update/', {
      token: ceo.token,
      body: { id: ceo.business.id, name: 'New Name', about: 'New about' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe('Business updated ✅');
    expect(answer.data).toMatchObject({ name: 'New Name', about: 'New about', slug: ceo.business.slug });

    const aboutOnly = await api.patch('/users/businesses/update/', {
      token: ceo.token,
      body: { id: ceo.business.id, about: '' },
    });
    expect(aboutOnly.data).toMatchObject({ name: 'New Name', about: '' });
  });

  it('answers 404 to another owner and 403 to an employee of that business', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const manager = await memberLoggedIn(t, ceo.business.id, 'manager');
    const body = { id: ceo.business.id, name: 'Hijacked' };
    const foreign = await api.patch('/users/businesses/update/', { token: stranger.token, body });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Business not found');
    const missing = await api.patch('/users/businesses/update/', {
      token: stranger.token,
      body: { id: 999_999_999, name: 'x' },
    });
    expect(missing.body).toEqual(foreign.body);
    const employee = await api.patch('/users/businesses/update/', { token: manager.token, body });
    expect(employee.status).toBe(403);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, ceo.business.id));
    expect(row?.name).not.toBe('Hijacked');
  });
});

describe('DELETE /users/businesses/delete/', () => {
  it("removes the business and everything it owns, and nothing of another business's", async () => {
    const ceo = await signUpCeo(t);
    const second = await api.post('/users/businesses/', { token: ceo.token, body: { name: 'To Delete' } });
    const doomedId = second.data.id as number;
    const other = await signUpCeo(t);

    const seed = async (businessId: number) => {
      const product = await insertProduct(t, businessId);
      await insertSale(t, businessId, { lines: [{ product, quantity: 2, unitPrice: '150.00' }] });
      await t.db.insert(carts).values({ business_id: businessId, title: 'Cart', customer_name: 'Bola' });
    };
    await seed(doomedId);
    await seed(ceo.business.id);
    await seed(other.business.id);
    const onlyHere = await addMember(t, doomedId, { role: 'sales_person' });
    const alsoElsewhere = await addMember(t, doomedId, { role: 'customer' });
    await t.db.insert(memberships).values({
      business_id: other.business.id,
      user_id: alsoElsewhere.id,
      role: 'customer',
      is_active: true,
    });
    await t.db.update(users).set({ current_business_id: doomedId }).where(eq(users.id, ceo.user.id));

    const counts = async (businessId: number) => ({
      products: (await t.db.select().from(products).where(eq(products.business_id, businessId))).length,
      sales: (await t.db.select().from(sales).where(eq(sales.business_id, businessId))).length,
      lines: (await t.db.select().from(sale_lines).where(eq(sale_lines.business_id, businessId))).length,
      carts: (await t.db.select().from(carts).where(eq(carts.business_id, businessId))).length,
      members: (await t.db.select().from(memberships).where(eq(memberships.business_id, businessId))).length,
    });
    const keptBefore = await counts(ceo.business.id);
    const otherBefore = await counts(other.business.id);

    const answer = await api.delete('/users/businesses/delete/', { token: ceo.token, body: { id: doomedId } });
    expect(answer.status).toBe(200);

    expect(await counts(doomedId)).toEqual({ products: 0, sales: 0, lines: 0, carts: 0, members: 0 });
    expect(await t.db.select().from(businesses).where(eq(businesses.id, doomedId))).toHaveLength(0);
    expect(await counts(ceo.business.id)).toEqual(keptBefore);
    expect(await counts(other.business.id)).toEqual(otherBefore);
    expect(otherBefore).toMatchObject({ products: 1, sales: 1, lines: 1, carts: 1 });

    // The account made for that business alone is gone; one that belongs elsewhere stays.
    expect(await t.db.select().from(users).where(eq(users.id, onlyHere.id))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.id, alsoElsewhere.id))).toHaveLength(1);
    // The CEO's current business pointed at it: their answers fall back to the one left.
    const [ceoRow] = await t.db.select().from(users).where(eq(users.id, ceo.user.id));
    expect(ceoRow?.current_business_id).toBeNull();
    const profile = await api.get('/users/profile/view/', { token: ceo.token });
    expect(profile.data.user.business.id).toBe(ceo.business.id);
    expect(profile.data.user.role).toBe('ceo');
  });

  it('answers 404 to another owner and 403 to an employee, deleting nothing', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const employee = await memberLoggedIn(t, ceo.business.id, 'sales_person');
    const body = { id: ceo.business.id };
    expect((await api.delete('/users/businesses/delete/', { token: stranger.token, body })).status).toBe(404);
    expect((await api.delete('/users/businesses/delete/', { token: employee.token, body })).status).toBe(403);
    expect(await t.db.select().from(businesses).where(eq(businesses.id, ceo.business.id))).toHaveLength(1);
  });
});

describe('GET /users/businesses/by-slug/', () => {
  it('answers the business and the caller role to an active member', async () => {
    const ceo = await signUpCeo(t, { businessName: 'Slug Shop' });
    const own = await api.get('/users/businesses/by-slug/', { token: ceo.token, query: { slug: ceo.business.slug } });
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ role: 'ceo', business: { id: ceo.business.id, name: 'Slug Shop' } });

    const employee = await memberLoggedIn(t, ceo.business.id, 'sales_rep');
    const asEmployee = await api.get('/users/businesses/by-slug/', {
      token: employee.token,
      query: { slug: ceo.business.slug },
    });
    expect(asEmployee.data.role).toBe('sales_rep');
  });

  it('answers "Business not found" for an unknown slug, a foreign one, and to a pending member', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const unknown = await api.get('/users/businesses/by-slug/', { token: ceo.token, query: { slug: 'no-such-shop' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Business not found');
    const foreign = await api.get('/users/businesses/by-slug/', {
      token: stranger.token,
      query: { slug: ceo.business.slug },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);

    // A member of two businesses, pending in this one, logs in through the other.
    const pending = await addMember(t, stranger.business.id, { role: 'customer' });
    await t.db
      .insert(memberships)
      .values({ business_id: ceo.business.id, user_id: pending.id, role: 'sales_person', is_active: false });
    const person = await logIn(t, pending.username);
    const asPending = await api.get('/users/businesses/by-slug/', {
      token: person.token,
      query: { slug: ceo.business.slug },
    });
    expect(asPending.status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the businesses and team routes from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const path of [
      '/api/v1/users/businesses/list_businesses/',
      '/api/v1/users/businesses/',
      '/api/v1/users/businesses/update/',
      '/api/v1/users/businesses/delete/',
      '/api/v1/users/businesses/by-slug/',
      '/api/v1/users/businesses/overview/',
      '/api/v1/users/businesses/report/',
      '/api/v1/users/businesses/employee-figures/',
      '/api/v1/users/businesses/customer-figures/',
      '/api/v1/users/sales-person-register/',
      '/api/v1/users/business-owner/list-business-users/',
      '/api/v1/users/business-owner/update-user/',
      '/api/v1/admins/users/delete/',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    expect(paths['/api/v1/users/business-owner/update-user/'].patch.requestBody).toBeDefined();
  });
});
