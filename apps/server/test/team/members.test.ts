import { ENDPOINTS, type EndpointInput } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { addMember, addMembership, logIn, memberLoggedIn, signUpCeo, TEST_PASSWORD } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

type Listed = { username: string; role: string; is_active: boolean; first_name: string };
const usernames = (answer: { data: { results: { data: { results: Listed[] } } } }) =>
  answer.data.results.data.results.map((user) => user.username).sort();

describe('GET /users/business-owner/list-business-users/', () => {
  it("pages the business's members in the spec's nested shape", async () => {
    const ceo = await signUpCeo(t);
    for (let index = 0; index < 11; index++) await addMember(t, ceo.business.id, { role: 'sales_person' });
    const first = await api.call(
      ENDPOINTS.team.listBusinessUsers,
      { business_id: ceo.business.id, page: 1 },
      { token: ceo.token },
    );
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ count: 12, next: 2, previous: null, current_page: 1, total_pages: 2 });
    const page = first.data.results.data.results as Listed[];
    expect(page).toHaveLength(10);
    expect(page[0]).toMatchObject({ username: ceo.username, role: 'ceo', is_active: true });
    expect(page[1]).toMatchObject({ role: 'sales_person', is_active: true });

    const second = await api.call(
      ENDPOINTS.team.listBusinessUsers,
      { business_id: ceo.business.id, page: 2 },
      { token: ceo.token },
    );
    expect(second.data).toMatchObject({ count: 12, next: null, previous: 1, current_page: 2 });
    expect(second.data.results.data.results).toHaveLength(2);
    const all = [...usernames(first), ...usernames(second)];
    expect(new Set(all).size).toBe(12);
  });

  it('filters by role tab, status tab and a case-insensitive search over the whole list', async () => {
    const ceo = await signUpCeo(t, { first_name: 'Ada' });
    const manager = await addMember(t, ceo.business.id, { role: 'manager', first_name: 'Kemi', last_name: 'Ade' });
    const rep = await addMember(t, ceo.business.id, { role: 'sales_rep', isActive: false, first_name: 'Musa' });
    const customer = await addMember(t, ceo.business.id, {
      role: 'customer',
      first_name: 'Zainab',
      username: 'zee_100%',
    });
    const other = await signUpCeo(t);
    await addMember(t, other.business.id, { role: 'customer', first_name: 'Kemi' });
    const list = (query: Partial<EndpointInput<typeof ENDPOINTS.team.listBusinessUsers>>) =>
      api.call(ENDPOINTS.team.listBusinessUsers, { business_id: ceo.business.id, ...query }, { token: ceo.token });

    expect(usernames(await list({ role: 'customers' }))).toEqual([customer.username]);
    expect(usernames(await list({ role: 'employees' }))).toEqual([manager.username, rep.username].sort());
    expect(usernames(await list({ status: 'inactive' }))).toEqual([rep.username]);
    expect(usernames(await list({ role: 'employees', status: 'active' }))).toEqual([manager.username]);
    expect(usernames(await list({ search: 'KEMI' }))).toEqual([manager.username]);
    expect(usernames(await list({ search: 'kemi ade' }))).toEqual([manager.username]);
    expect(usernames(await list({ search: ceo.email!.toUpperCase() }))).toEqual([ceo.username]);
    expect(usernames(await list({ search: 'musa' }))).toEqual([rep.username]);
    // % and _ are letters here, not wildcards.
    expect(usernames(await list({ search: '100%' }))).toEqual([customer.username]);
    expect(usernames(await list({ search: '_1' }))).toEqual([customer.username]);
    expect(usernames(await list({ search: 'e_e' }))).toEqual([]);
    const none = await list({ search: 'nobody-like-this' });
    expect(none.data).toMatchObject({ count: 0, total_pages: 1 });
    const bad = await api.send(ENDPOINTS.team.listBusinessUsers, {
      token: ceo.token,
      query: { business_id: ceo.business.id, role: 'admins' },
    });
    expect(bad.status).toBe(400);
    // Staff: the CEOs (a co-CEO too) and the employees, whose work the activity log records; the CEOs first.
    const coCeo = await addMember(t, ceo.business.id, { role: 'ceo', first_name: 'Bola' });
    const staff = await list({ role: 'staff' });
    expect(usernames(staff)).toEqual([ceo.username, coCeo.username, manager.username, rep.username].sort());
    expect(staff.data.results.data.results.slice(0, 2).map((user) => user.role)).toEqual(['ceo', 'ceo']);
  });

  it('is for the CEO of that business only', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const employee = await memberLoggedIn(t, ceo.business.id, 'manager');
    const query = { business_id: ceo.business.id };
    expect((await api.call(ENDPOINTS.team.listBusinessUsers, query)).status).toBe(401);
    expect((await api.call(ENDPOINTS.team.listBusinessUsers, query, { token: stranger.token })).status).toBe(404);
    expect((await api.call(ENDPOINTS.team.listBusinessUsers, query, { token: employee.token })).status).toBe(403);
  });
});

describe('PATCH /users/business-owner/update-user/', () => {
  it('edits names and role; a blank password is dropped and a new one replaces it', async () => {
    const ceo = await signUpCeo(t);
    const member = await addMember(t, ceo.business.id, { role: 'sales_person' });
    const person = await logIn(t, member.username);
    const edited = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      {
        user_id: member.id,
        business_id: ceo.business.id,
        first_name: 'Ngozi',
        last_name: 'Bello',
        role: 'manager',
        password: '',
      },
      { token: ceo.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.response_description).toBe('User updated ✅');
    expect(edited.data.user).toMatchObject({ first_name: 'Ngozi', last_name: 'Bello', role: 'manager' });
    // The blank password changed nothing, and the member stays logged in.
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: person.token })).status).toBe(200);
    await logIn(t, member.username, TEST_PASSWORD);

    const short = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: member.id, business_id: ceo.business.id, password: 'short' },
      { token: ceo.token },
    );
    expect(short.status).toBe(400);
    expect(short.body.errors?.password).toEqual(['Password must be at least 8 characters.']);

    const reset = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: member.id, business_id: ceo.business.id, password: 'brand-new-pass' },
      { token: ceo.token },
    );
    expect(reset.status).toBe(200);
    // A password set by the owner ends the member's sessions.
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: person.token })).status).toBe(401);
    await logIn(t, member.username, 'brand-new-pass');
  });

  it('deactivating a member ends their sessions at once, and login waits for reactivation', async () => {
    const ceo = await signUpCeo(t);
    const member = await addMember(t, ceo.business.id, { role: 'sales_rep' });
    const person = await logIn(t, member.username);
    const answer = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: member.id, business_id: ceo.business.id, is_active: false },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.user.is_active).toBe(false);
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: person.token })).status).toBe(401);
    const login = await api.call(ENDPOINTS.accounts.login, {
      email_or_username: member.username,
      password: TEST_PASSWORD,
    });
    expect(login.body.code).toBe('membership_pending');
  });

  it('refuses to edit a CEO, a stranger, or through another business', async () => {
    const ceo = await signUpCeo(t);
    const coOwner = await addMember(t, ceo.business.id, { role: 'ceo' });
    const stranger = await signUpCeo(t);
    const outsider = await addMember(t, stranger.business.id, { role: 'sales_person' });

    const coOwnerSession = await logIn(t, coOwner.username);
    const editCeo = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: ceo.user.id, business_id: ceo.business.id, first_name: 'X' },
      { token: coOwnerSession.token },
    );
    expect(editCeo.status).toBe(403);
    const editOtherCeo = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      {
        user_id: (await addMember(t, ceo.business.id, { role: 'ceo' })).id,
        business_id: ceo.business.id,
        first_name: 'X',
      },
      { token: coOwnerSession.token },
    );
    expect(editOtherCeo.status).toBe(403);
    expect(editOtherCeo.body.detail).toBe('A CEO cannot be edited or deleted from the user list.');

    const editSelf = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: ceo.user.id, business_id: ceo.business.id, is_active: false },
      { token: ceo.token },
    );
    expect(editSelf.status).toBe(403);

    const editOutsider = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: outsider.id, business_id: ceo.business.id, is_active: false },
      { token: ceo.token },
    );
    expect(editOutsider.status).toBe(404);
    const viaForeign = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: outsider.id, business_id: stranger.business.id, is_active: false },
      { token: ceo.token },
    );
    expect(viaForeign.status).toBe(404);
    const [row] = await t.db.select().from(memberships).where(eq(memberships.user_id, outsider.id));
    expect(row?.is_active).toBe(true);

    const employee = await memberLoggedIn(t, ceo.business.id, 'manager');
    const member = await addMember(t, ceo.business.id, { role: 'customer' });
    const byEmployee = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: member.id, business_id: ceo.business.id, role: 'manager' },
      { token: employee.token },
    );
    expect(byEmployee.status).toBe(403);
  });

  it('changes only the role and status of someone who also belongs to another business', async () => {
    const ceo = await signUpCeo(t);
    const other = await signUpCeo(t);
    const shared = await addMember(t, other.business.id, { role: 'sales_person', first_name: 'Dayo' });
    await addMembership(t, ceo.business.id, shared.id, { role: 'customer' });

    const rename = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: shared.id, business_id: ceo.business.id, first_name: 'Hijacked', role: 'customer' },
      { token: ceo.token },
    );
    expect(rename.status).toBe(403);
    const password = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: shared.id, business_id: ceo.business.id, password: 'taken-over-1' },
      { token: ceo.token },
    );
    expect(password.status).toBe(403);
    // The edit dialog sends the unchanged names along with the new role: that is fine.
    const role = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: shared.id, business_id: ceo.business.id, first_name: 'Dayo', last_name: 'Eze', role: 'manager' },
      { token: ceo.token },
    );
    expect(role.status).toBe(200);
    expect(role.data.user.role).toBe('manager');
    const [row] = await t.db.select().from(users).where(eq(users.id, shared.id));
    expect(row?.first_name).toBe('Dayo');
  });
});

describe('POST /admins/users/delete/', () => {
  it("removes members, ends their sessions, and answers the spec's shape", async () => {
    const ceo = await signUpCeo(t);
    const other = await signUpCeo(t);
    const member = await addMember(t, ceo.business.id, { role: 'sales_person' });
    const person = await logIn(t, member.username);
    const shared = await addMember(t, other.business.id, { role: 'manager' });
    await addMembership(t, ceo.business.id, shared.id, { role: 'customer' });
    const sharedPerson = await logIn(t, shared.username);

    const answer = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { user_ids: [shared.id, member.id], business_id: ceo.business.id },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.results[0]?.response_data.deleted_users).toEqual([member.id, shared.id].sort((a, b) => a - b));

    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: person.token })).status).toBe(401);
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: sharedPerson.token })).status).toBe(401);
    // The account made for this business alone is gone; the shared one keeps its other business.
    expect(await t.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
    const left = await t.db.select().from(memberships).where(eq(memberships.user_id, shared.id));
    expect(left).toEqual([expect.objectContaining({ business_id: other.business.id, role: 'manager' })]);
    const again = await logIn(t, shared.username);
    expect(again.user.business?.id).toBe(other.business.id);
  });

  it('deletes nothing when any id is a CEO or not a member here', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const member = await addMember(t, ceo.business.id, { role: 'customer' });
    const outsider = await addMember(t, stranger.business.id, { role: 'customer' });

    const withCeo = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { user_ids: [member.id, ceo.user.id], business_id: ceo.business.id },
      { token: ceo.token },
    );
    expect(withCeo.status).toBe(403);
    const withOutsider = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { user_ids: [member.id, outsider.id], business_id: ceo.business.id },
      { token: ceo.token },
    );
    expect(withOutsider.status).toBe(404);
    const byStranger = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { user_ids: [member.id], business_id: ceo.business.id },
      { token: stranger.token },
    );
    expect(byStranger.status).toBe(404);
    const employee = await memberLoggedIn(t, ceo.business.id, 'manager');
    const byEmployee = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { user_ids: [member.id], business_id: ceo.business.id },
      { token: employee.token },
    );
    expect(byEmployee.status).toBe(403);
    const empty = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { user_ids: [], business_id: ceo.business.id },
      { token: ceo.token },
    );
    expect(empty.status).toBe(400);

    expect(await t.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.id, outsider.id))).toHaveLength(1);
  });
});
