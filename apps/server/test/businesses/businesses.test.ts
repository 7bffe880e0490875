import { BUSINESS_MESSAGES, ENDPOINTS, LOGO_MAX_BYTES, SALES_MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, carts, memberships, products, sale_lines, sales, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  addMembership,
  type Caller,
  createProduct,
  insertSale,
  logIn,
  memberLoggedIn,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

/** A one-pixel PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

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
    const answer = await api.call(ENDPOINTS.businesses.listBusinesses, undefined, { token: ceo.token });
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

  it('lists a member only where they are active, with their role there', async () => {
    const first = await signUpCeo(t, { businessName: 'First Shop' });
    const second = await signUpCeo(t, { businessName: 'Second Shop' });
    const third = await signUpCeo(t, { businessName: 'Third Shop' });
    const member = await addMember(t, first.business.id, { role: 'customer' });
    await addMembership(t, second.business.id, member.id, { role: 'sales_person' });
    await addMembership(t, third.business.id, member.id, { role: 'sales_person', isActive: false });
    const person = await logIn(t, member.username);
    const answer = await api.call(ENDPOINTS.businesses.listBusinesses, undefined, { token: person.token });
    expect(answer.status).toBe(200);
    expect(answer.data.results.map((business: { id: number; role: string }) => [business.id, business.role])).toEqual([
      [first.business.id, 'customer'],
      [second.business.id, 'sales_person'],
    ]);
  });

  it('refuses a guest', async () => {
    const answer = await api.call(ENDPOINTS.businesses.listBusinesses, undefined);
    expect(answer.status).toBe(401);
  });
});

describe('POST /users/businesses/', () => {
  it('creates a business with a unique slug, a free trial and the CEO as its active member', async () => {
    const ceo = await signUpCeo(t);
    const first = await api.call(
      ENDPOINTS.businesses.createBusiness,
      { name: 'Ngozi Drinks', about: 'Cold drinks' },
      { token: ceo.token },
    );
    expect(first.status).toBe(201);
    expect(first.body.response_description).toBe('Business created ✅');
    expect(first.data).toMatchObject({ name: 'Ngozi Drinks', about: 'Cold drinks', slug: 'ngozi-drinks' });
    expect(first.data.trial_expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const second = await api.call(
      ENDPOINTS.businesses.createBusiness,
      { name: 'Ngozi  Drinks!' },
      { token: ceo.token },
    );
    expect(second.status).toBe(201);
    expect(second.data).toMatchObject({ slug: 'ngozi-drinks-2', about: '' });

    const list = await api.call(ENDPOINTS.businesses.listBusinesses, undefined, { token: ceo.token });
    expect(list.data.results.map((business: { slug: string }) => business.slug)).toEqual([
      ceo.business.slug,
      'ngozi-drinks',
      'ngozi-drinks-2',
    ]);
    // The first business stays the one the CEO's answers speak of.
    const profile = await api.call(ENDPOINTS.accounts.profile, undefined, { token: ceo.token });
    expect(profile.data.user.business?.id).toBe(ceo.business.id);
  });

  it('refuses a member who is not a business owner', async () => {
    const ceo = await signUpCeo(t);
    const employee = await memberLoggedIn(t, ceo.business.id, 'sales_person');
    const answer = await api.call(
      ENDPOINTS.businesses.createBusiness,
      { name: 'My Own Shop' },
      { token: employee.token },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toBe('Only a business owner (CEO) can create a business.');
  });

  it('requires a name and refuses unknown fields', async () => {
    const ceo = await signUpCeo(t);
    const blank = await api.call(ENDPOINTS.businesses.createBusiness, { name: '  ', about: 'x' }, { token: ceo.token });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.name).toEqual(['This field is required.']);
    const extra = await api.send(ENDPOINTS.businesses.createBusiness, {
      token: ceo.token,
      body: { name: 'Shop', owner_id: 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors?.owner_id).toEqual(['Unknown field: owner_id.']);
  });
});

describe('PATCH /users/businesses/update/', () => {
  it('lets the CEO rename it and change the description; the slug stays', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(
      ENDPOINTS.businesses.updateBusiness,
      { id: ceo.business.id, name: 'New Name', about: 'New about' },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe('Business updated ✅');
    expect(answer.data).toMatchObject({ name: 'New Name', about: 'New about', slug: ceo.business.slug });

    const aboutOnly = await api.call(
      ENDPOINTS.businesses.updateBusiness,
      { id: ceo.business.id, about: '' },
      { token: ceo.token },
    );
    expect(aboutOnly.data).toMatchObject({ name: 'New Name', about: '' });
  });

  it("keeps the shop's profile: the phone as +234, the account number as ten digits, a blank clearing a field", async () => {
    const ceo = await signUpCeo(t);
    const profile = {
      id: ceo.business.id,
      address: '12 Balogun Street\nLagos Island',
      phone: '0803 123 4567',
      bank_name: 'GTBank',
      account_number: '0123 456 789',
      account_name: 'Mama Put Stores',
    };
    const set = await api.call(ENDPOINTS.businesses.updateBusiness, profile, { token: ceo.token });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({
      address: '12 Balogun Street\nLagos Island',
      phone: '+2348031234567',
      account_number: '0123456789',
      // What was not sent stays.
      about: 'Provisions and drinks',
    });
    const bySlug = await api.call(
      ENDPOINTS.businesses.getBusinessBySlug,
      { slug: ceo.business.slug },
      { token: ceo.token },
    );
    expect(bySlug.data.business).toMatchObject({ bank_name: 'GTBank', account_name: 'Mama Put Stores' });

    const cleared = await api.call(
      ENDPOINTS.businesses.updateBusiness,
      { id: ceo.business.id, address: '  ', bank_name: '', account_number: '', account_name: '' },
      { token: ceo.token },
    );
    expect(cleared.data).toMatchObject({
      address: null,
      bank_name: null,
      account_number: null,
      phone: '+2348031234567',
    });
  });

  it('refuses a bad phone, an account number of the wrong length, and a bank account given in part', async () => {
    const ceo = await signUpCeo(t);
    const id = ceo.business.id;
    const phone = await api.call(ENDPOINTS.businesses.updateBusiness, { id, phone: '12345' }, { token: ceo.token });
    expect(phone.status).toBe(400);
    expect(phone.body.errors?.phone).toEqual([SALES_MESSAGES.invalidPhone]);
    const whole = { id, bank_name: 'GTBank', account_name: 'Mama Put' };
    const short = await api.call(
      ENDPOINTS.businesses.updateBusiness,
      { ...whole, account_number: '12345' },
      { token: ceo.token },
    );
    expect(short.status).toBe(400);
    expect(short.body.errors?.account_number).toEqual([BUSINESS_MESSAGES.accountNumber]);
    const part = await api.call(ENDPOINTS.businesses.updateBusiness, whole, { token: ceo.token });
    expect(part.status).toBe(400);
    expect(part.body.errors?.account_number).toEqual([BUSINESS_MESSAGES.bankWithAccount]);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, id));
    expect(row).toMatchObject({ phone: null, bank_name: null, account_number: null });
  });

  it("keeps the shop's logo apart, for every member to have, and takes it away with a blank", async () => {
    const ceo = await signUpCeo(t);
    const customer = await memberLoggedIn(t, ceo.business.id, 'customer');
    const id = ceo.business.id;
    const set = await api.call(ENDPOINTS.businesses.updateBusiness, { id, logo: PNG }, { token: ceo.token });
    expect(set.status).toBe(200);
    expect(set.data.logo_at).toEqual(expect.any(String));
    // A member's receipt screens ask for it by the business.
    const logo = await api.call(ENDPOINTS.businesses.getBusinessLogo, { business_id: id }, { token: customer.token });
    expect(logo.data).toEqual({ logo: PNG });
    // Another change of the profile leaves it.
    await api.call(ENDPOINTS.businesses.updateBusiness, { id, about: 'Drinks' }, { token: ceo.token });
    const kept = await api.call(ENDPOINTS.businesses.getBusinessLogo, { business_id: id }, { token: ceo.token });
    expect(kept.data.logo).toBe(PNG);

    const cleared = await api.call(ENDPOINTS.businesses.updateBusiness, { id, logo: null }, { token: ceo.token });
    expect(cleared.data.logo_at).toBeNull();
    const gone = await api.call(ENDPOINTS.businesses.getBusinessLogo, { business_id: id }, { token: ceo.token });
    expect(gone.data).toEqual({ logo: null });
    const stranger = await signUpCeo(t);
    const foreign = await api.call(
      ENDPOINTS.businesses.getBusinessLogo,
      { business_id: id },
      { token: stranger.token },
    );
    expect(foreign.status).toBe(404);
  });

  it('refuses a logo that is not the picture it says, or too large, at its field', async () => {
    const ceo = await signUpCeo(t);
    const id = ceo.business.id;
    const refusals = [
      // PNG bytes named as a JPEG.
      PNG.replace('image/png', 'image/jpeg'),
      // A script named as a PNG.
      `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      `data:image/png;base64,${Buffer.alloc(LOGO_MAX_BYTES + 1, 1).toString('base64')}`,
    ];
    for (const logo of refusals) {
      const answer = await api.call(ENDPOINTS.businesses.updateBusiness, { id, logo }, { token: ceo.token });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.logo).toEqual([BUSINESS_MESSAGES.logo]);
    }
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, id));
    expect(row?.logo_at).toBeNull();
  });

  it('answers 404 to another owner and 403 to an employee of that business', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const manager = await memberLoggedIn(t, ceo.business.id, 'manager');
    const body = { id: ceo.business.id, name: 'Hijacked' };
    const foreign = await api.call(ENDPOINTS.businesses.updateBusiness, body, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Business not found');
    const missing = await api.call(
      ENDPOINTS.businesses.updateBusiness,
      { id: 999_999_999, name: 'x' },
      { token: stranger.token },
    );
    expect(missing.body).toEqual(foreign.body);
    const employee = await api.call(ENDPOINTS.businesses.updateBusiness, body, { token: manager.token });
    expect(employee.status).toBe(403);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, ceo.business.id));
    expect(row?.name).not.toBe('Hijacked');
  });
});

describe('DELETE /users/businesses/delete/', () => {
  it("removes the business and everything it owns, and nothing of another business's", async () => {
    const ceo = await signUpCeo(t);
    const second = await api.call(ENDPOINTS.businesses.createBusiness, { name: 'To Delete' }, { token: ceo.token });
    const doomedId = second.data.id;
    const other = await signUpCeo(t);

    const seed = async (by: Caller) => {
      const product = await createProduct(t, by);
      await insertSale(t, by.businessId, { lines: [{ product, quantity: 2, unitPrice: '150.00' }] });
      await t.db.insert(carts).values({ business_id: by.businessId, title: 'Cart', customer_name: 'Bola' });
    };
    await seed({ token: ceo.token, businessId: doomedId });
    await seed(ceo);
    await seed(other);
    const onlyHere = await addMember(t, doomedId, { role: 'sales_person' });
    const alsoElsewhere = await addMember(t, doomedId, { role: 'customer' });
    await addMembership(t, other.business.id, alsoElsewhere.id, { role: 'customer' });
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

    const answer = await api.call(ENDPOINTS.businesses.deleteBusiness, { id: doomedId }, { token: ceo.token });
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
    const profile = await api.call(ENDPOINTS.accounts.profile, undefined, { token: ceo.token });
    expect(profile.data.user.business?.id).toBe(ceo.business.id);
    expect(profile.data.user.role).toBe('ceo');
  });

  it('answers 404 to another owner and 403 to an employee, deleting nothing', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const employee = await memberLoggedIn(t, ceo.business.id, 'sales_person');
    const body = { id: ceo.business.id };
    expect((await api.call(ENDPOINTS.businesses.deleteBusiness, body, { token: stranger.token })).status).toBe(404);
    expect((await api.call(ENDPOINTS.businesses.deleteBusiness, body, { token: employee.token })).status).toBe(403);
    expect(await t.db.select().from(businesses).where(eq(businesses.id, ceo.business.id))).toHaveLength(1);
  });
});

describe('GET /users/businesses/by-slug/', () => {
  it('answers the business and the caller role to an active member', async () => {
    const ceo = await signUpCeo(t, { businessName: 'Slug Shop' });
    const own = await api.call(
      ENDPOINTS.businesses.getBusinessBySlug,
      { slug: ceo.business.slug },
      { token: ceo.token },
    );
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ role: 'ceo', business: { id: ceo.business.id, name: 'Slug Shop' } });

    const employee = await memberLoggedIn(t, ceo.business.id, 'sales_rep');
    const asEmployee = await api.call(
      ENDPOINTS.businesses.getBusinessBySlug,
      { slug: ceo.business.slug },
      { token: employee.token },
    );
    expect(asEmployee.data.role).toBe('sales_rep');
  });

  it('answers "Business not found" for an unknown slug, a foreign one, and to a pending member', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const unknown = await api.call(
      ENDPOINTS.businesses.getBusinessBySlug,
      { slug: 'no-such-shop' },
      { token: ceo.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Business not found');
    const foreign = await api.call(
      ENDPOINTS.businesses.getBusinessBySlug,
      { slug: ceo.business.slug },
      { token: stranger.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);

    // A member of two businesses, pending in this one, logs in through the other.
    const pending = await addMember(t, stranger.business.id, { role: 'customer' });
    await addMembership(t, ceo.business.id, pending.id, { role: 'sales_person', isActive: false });
    const person = await logIn(t, pending.username);
    const asPending = await api.call(
      ENDPOINTS.businesses.getBusinessBySlug,
      { slug: ceo.business.slug },
      { token: person.token },
    );
    expect(asPending.status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the businesses and team routes from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const entry of [...Object.values(ENDPOINTS.businesses), ...Object.values(ENDPOINTS.team)]) {
      const path = `/api/v1${entry.path}`;
      expect(paths[path], path).toBeDefined();
    }
    expect(paths[`/api/v1${ENDPOINTS.team.updateBusinessUser.path}`].patch.requestBody).toBeDefined();
  });
});
