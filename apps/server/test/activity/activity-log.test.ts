import {
  type ActivityEntry,
  type ActivityKind,
  activitySentence,
  ENDPOINTS,
  type ListActivityQuery,
} from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity_log, businesses } from '../../src/db/schema';
import {
  addMember,
  confirm,
  counterSaleBody,
  createCart,
  createProduct,
  lagosDay,
  type Member,
  memberLoggedIn,
  type Owner,
  registerDevice,
  sellAtCounter,
  signUpCeo,
  unique,
} from '../factories';
import { useShop } from '../shop';

/**
 * The activity log: each kind of change writes its entry in the change's own transaction (a change that fails
 * leaves none), nothing edits or deletes an entry, and only the business's CEOs read it, filtered.
 */
const shop = useShop();
let manager: Member;

const api = () => shop.api;
const ceo = () => shop.ceo;

async function activity(query: Omit<ListActivityQuery, 'business_id'> = {}, by: Owner = ceo()) {
  const answer = await api().call(
    ENDPOINTS.activity.listActivity,
    { business_id: by.businessId, ...query },
    { token: by.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data;
}
/** The entries of one kind, newest first. */
const entriesOf = async (kind: ActivityKind, by: Owner = ceo()) => (await activity({ kind }, by)).results;
const countOf = async (kind: ActivityKind) => (await activity({ kind })).count;

beforeAll(async () => {
  manager = await memberLoggedIn(shop.t, ceo().businessId, 'manager');
});

describe('prices', () => {
  it('a price or discount edit is one entry, old → new, in words; a rename alone and a refused edit none', async () => {
    const product = await createProduct(shop.t, ceo(), { product_name: 'Peak Milk', selling_price: '500.00' });
    const edited = await api().call(
      ENDPOINTS.stock.updateProduct,
      {
        id: product.id,
        business_id: ceo().businessId,
        selling_price: '550.00',
        selling_price_discount_percentage: '5.00',
      },
      { token: manager.token },
    );
    expect(edited.status).toBe(200);
    const [entry] = await entriesOf('product.price');
    expect(entry?.subject).toEqual({ type: 'product', id: product.id, label: 'Peak Milk' });
    expect(entry?.actor).toEqual({ id: manager.user.id, name: `${manager.user.first_name} ${manager.user.last_name}` });
    expect(entry?.details.changes).toEqual([
      { field: 'selling_price', old: '500.00', new: '550.00' },
      { field: 'selling_price_discount_percentage', old: '0.00', new: '5.00' },
    ]);
    expect(activitySentence(entry as ActivityEntry)).toBe(
      `${entry?.actor.name} changed the price of Peak Milk from ₦500.00 to ₦550.00 and its discount from 0.00% to 5.00%`,
    );

    const before = await countOf('product.price');
    const renamed = await api().call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: ceo().businessId, product_name: 'Peak Milk 400g' },
      { token: ceo().token },
    );
    expect(renamed.status).toBe(200);
    // The price change and the SKU clash are one transaction: the clash undoes the price and its entry.
    const taken = await createProduct(shop.t, ceo(), { product_name: 'Milo' });
    const refused = await api().call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: ceo().businessId, selling_price: '999.00', sku: taken.sku },
      { token: ceo().token },
    );
    expect(refused.status).toBe(409);
    expect(await countOf('product.price')).toBe(before);
  });

  it('a bulk change and its undo are one entry each; an import that changes a price writes its own', async () => {
    const tag = unique();
    await createProduct(shop.t, ceo(), { product_name: `Bulk A ${tag}`, selling_price: '100.00' });
    await createProduct(shop.t, ceo(), { product_name: `Bulk B ${tag}`, selling_price: '200.00' });
    const applied = await api().call(
      ENDPOINTS.stock.applyRepricing,
      { business_id: ceo().businessId, search: tag, method: 'percent', direction: 'raise', value: '10' },
      { token: ceo().token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const [bulk] = await entriesOf('product.bulk_price');
    expect(bulk?.subject).toEqual({ type: 'repricing', id: applied.data.id, label: '2 products' });
    expect(activitySentence(bulk as ActivityEntry)).toContain('changed the prices of 2 products by +10%');
    const undone = await api().call(
      ENDPOINTS.stock.undoRepricing,
      { business_id: ceo().businessId, id: applied.data.id },
      { token: ceo().token },
    );
    expect(undone.status).toBe(200);
    expect((await entriesOf('product.bulk_price_undo'))[0]?.subject.id).toBe(applied.data.id);

    const product = await createProduct(shop.t, ceo(), {
      product_name: `Tea ${tag}`,
      sku: `TEA-${tag}`,
      cost_price: '10.00',
      selling_price: '20.00',
    });
    const file = Buffer.from(`Name,SKU,Cost,Price\nTea ${tag},TEA-${tag},10,25\n`).toString('base64');
    const imported = await api().call(
      ENDPOINTS.stock.importProducts,
      { business_id: ceo().businessId, file_name: 'products.csv', content_base64: file },
      { token: ceo().token },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [entry] = await entriesOf('product.price');
    expect(entry?.subject.id).toBe(product.id);
    expect(entry?.details.changes).toEqual([{ field: 'selling_price', old: '20.00', new: '25.00' }]);
  });
});

describe('stock', () => {
  it('adjustments and write-offs say by how much and why; a change refused below zero leaves no entry', async () => {
    const product = await createProduct(shop.t, ceo(), {
      product_name: 'Indomie',
      batches: [{ quantity: 10, expiration_date: lagosDay(60) }],
    });
    const batchId = product.batches[0]?.id as number;
    const added = await api().call(
      ENDPOINTS.stock.updateStock,
      { business_id: ceo().businessId, product_id: product.id, quantity: 5 },
      { token: manager.token },
    );
    expect(added.status).toBe(200);
    const [adjusted] = await entriesOf('stock.adjust');
    expect(adjusted?.subject.label).toBe('Indomie');
    expect(adjusted?.details.facts).toMatchObject({ delta: '+5', reason: 'adjustment' });

    const written = await api().call(
      ENDPOINTS.stock.adjustBatch,
      {
        business_id: ceo().businessId,
        product_id: product.id,
        batch_id: batchId,
        delta: -2,
        reason: 'damage',
        note: 'Rats',
      },
      { token: manager.token },
    );
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const [writeOff] = await entriesOf('stock.write_off');
    expect(writeOff?.details.facts).toMatchObject({ quantity: '2', reason: 'damage', note: 'Rats' });
    expect(activitySentence(writeOff as ActivityEntry)).toContain('wrote off 2 of Indomie (Damage): “Rats”');

    // The entry is written before the units are taken: the refusal rolls both back.
    const adjustments = await countOf('stock.adjust');
    const tooMany = await api().call(
      ENDPOINTS.stock.updateStock,
      { business_id: ceo().businessId, product_id: product.id, quantity: -1000 },
      { token: manager.token },
    );
    expect(tooMany.status).toBe(409);
    expect(await countOf('stock.adjust')).toBe(adjustments);
  });
});

describe('sales', () => {
  it('a cancel is one entry with the receipt, the total and the reason; a second cancel adds none', async () => {
    const product = await createProduct(shop.t, ceo(), {
      selling_price: '1500.00',
      batches: [{ quantity: 5, expiration_date: lagosDay(60) }],
    });
    const cart = await createCart(shop.t, ceo(), [{ product_id: product.id, quantity: 2 }]);
    const sale = await confirm(shop.t, ceo(), cart.id, { payment_status: 'paid' });
    const saleId = sale.data.sale.id as number;
    const cancel = () =>
      api().call(
        ENDPOINTS.sales.cancelSale,
        { business_id: ceo().businessId, id: saleId, reason: 'Wrong customer' },
        { token: manager.token },
      );
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    const cancels = await entriesOf('sale.cancel');
    expect(cancels.filter((entry) => entry.subject.id === saleId)).toHaveLength(1);
    expect(cancels[0]?.details.facts).toMatchObject({ total: '3000.00', refunded: '3000.00', note: 'Wrong customer' });
  });

  it('a return is one entry with what came back, its value and whether it was damaged; a refused one adds none', async () => {
    const product = await createProduct(shop.t, ceo(), {
      selling_price: '1500.00',
      batches: [{ quantity: 5, expiration_date: lagosDay(60) }],
    });
    const cart = await createCart(shop.t, ceo(), [{ product_id: product.id, quantity: 3 }]);
    const sale = await confirm(shop.t, ceo(), cart.id, { payment_status: 'paid' });
    const saleId = sale.data.sale.id as number;
    const lineId = sale.data.sale.lines[0]?.id as number;
    const giveBack = (quantity: number) =>
      api().call(
        ENDPOINTS.sales.returnSale,
        {
          business_id: ceo().businessId,
          id: saleId,
          reason: 'Dented tins',
          lines: [{ sale_line_id: lineId, quantity }],
          restock: false,
          refunds: [{ method: 'cash', amount: '3000.00' }],
        },
        { token: manager.token },
      );
    expect((await giveBack(2)).status).toBe(200);
    expect((await giveBack(2)).status).toBe(409);
    const returns = (await entriesOf('sale.return')).filter((entry) => entry.subject.id === saleId);
    expect(returns).toHaveLength(1);
    expect(returns[0]?.details.facts).toMatchObject({
      value: '3000.00',
      refunded: '3000.00',
      units: '2',
      damaged: 'true',
      note: 'Dented tins',
    });
  });

  it('a counter sale sold past the stock or at another price is flagged in the log; a plain one is not', async () => {
    const clerk = await memberLoggedIn(shop.t, ceo().businessId, 'sales_person');
    const product = await createProduct(shop.t, ceo(), {
      product_name: 'Garri',
      selling_price: '500.00',
      batches: [{ quantity: 1, expiration_date: lagosDay(60) }],
    });
    const phone = await registerDevice(shop.t, clerk);
    const plain = await sellAtCounter(
      shop.t,
      clerk,
      counterSaleBody(clerk, phone, [{ product_id: product.id, quantity: 1, unit_price: '500.00' }]),
    );
    expect(plain.status).toBe(201);
    expect(await countOf('counter.shortfall')).toBe(0);
    expect(await countOf('counter.price_flag')).toBe(0);
    const body = counterSaleBody(clerk, phone, [{ product_id: product.id, quantity: 3, unit_price: '450.00' }]);
    expect((await sellAtCounter(shop.t, clerk, body)).status).toBe(201);
    const [shortfall] = await entriesOf('counter.shortfall');
    expect(shortfall?.details.facts).toMatchObject({ quantity: '3', receipt_number: body.receipt_number });
    const [flag] = await entriesOf('counter.price_flag');
    expect(flag?.details.changes).toEqual([{ field: 'unit_price', old: '500.00', new: '450.00' }]);
    expect(activitySentence(flag as ActivityEntry)).toContain(
      `charged ₦450.00 (list ₦500.00) for Garri (receipt ${body.receipt_number})`,
    );
  });
});

describe('team, business and sign-ins', () => {
  it('role and activation changes and removals name the member as they were', async () => {
    const member = await addMember(shop.t, ceo().businessId, {
      role: 'sales_rep',
      first_name: 'Bisi',
      last_name: 'Ade',
    });
    const update = (body: { role?: 'manager'; is_active?: boolean }) =>
      api().call(
        ENDPOINTS.team.updateBusinessUser,
        { business_id: ceo().businessId, user_id: member.id, ...body },
        { token: ceo().token },
      );
    expect((await update({ role: 'manager' })).status).toBe(200);
    expect((await update({ is_active: false })).status).toBe(200);
    const [role] = await entriesOf('member.role');
    expect(role?.subject).toEqual({ type: 'member', id: member.id, label: 'Bisi Ade' });
    expect(role?.details.changes).toEqual([{ field: 'role', old: 'sales_rep', new: 'manager' }]);
    const [activation] = await entriesOf('member.activation');
    expect(activitySentence(activation as ActivityEntry)).toBe(
      `${ceo().user.first_name} ${ceo().user.last_name} deactivated Bisi Ade`,
    );
    const removed = await api().call(
      ENDPOINTS.team.deleteBusinessUsers,
      { business_id: ceo().businessId, user_ids: [member.id] },
      { token: ceo().token },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    // The account is gone with the membership; its entries keep the id and the name.
    const [gone] = await entriesOf('member.remove');
    expect(gone?.subject).toEqual({ type: 'member', id: member.id, label: 'Bisi Ade' });
    expect((await entriesOf('member.role'))[0]?.subject.label).toBe('Bisi Ade');
  });

  it('a business edit says what changed, old → new', async () => {
    const old = ceo().business.name;
    const edited = await api().call(
      ENDPOINTS.businesses.updateBusiness,
      { id: ceo().businessId, name: `Renamed ${unique()}`, about: ceo().business.about },
      { token: ceo().token },
    );
    expect(edited.status).toBe(200);
    const [entry] = await entriesOf('business.update');
    expect(entry?.details.changes).toEqual([{ field: 'name', old, new: edited.data.name }]);
  });

  it('a sign-in from a device the member has not used is logged to their business, once', async () => {
    const member = await addMember(shop.t, ceo().businessId, { role: 'sales_person' });
    const login = (agent: string) =>
      api().call(
        ENDPOINTS.accounts.login,
        { email_or_username: member.username, password: member.password },
        { headers: { 'user-agent': agent } },
      );
    const phone = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    // The first sign-in ever has nothing to compare with.
    expect((await login(phone)).status).toBe(200);
    expect((await entriesOf('account.new_device')).filter((e) => e.actor.id === member.id)).toHaveLength(0);
    expect((await login(phone)).status).toBe(200);
    expect((await login('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1')).status).toBe(200);
    const entries = (await entriesOf('account.new_device')).filter((e) => e.actor.id === member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details.facts.device).toBe('Safari on iPhone');
  });
});

describe('the log itself', () => {
  it('is never edited: UPDATE and DELETE are refused; deleting the business takes its log', async () => {
    await api().call(
      ENDPOINTS.businesses.updateBusiness,
      { id: ceo().businessId, about: `About ${unique()}` },
      { token: ceo().token },
    );
    const [entry] = await shop.t.db
      .select({ id: activity_log.id })
      .from(activity_log)
      .where(eq(activity_log.business_id, ceo().businessId))
      .limit(1);
    expect(entry).toBeDefined();
    // drizzle wraps PostgreSQL's error: the trigger's words are its cause's.
    const refused = async (statement: PromiseLike<unknown>) => {
      const error = await Promise.resolve(statement).then(
        () => null,
        (failure: Error) => failure,
      );
      expect((error?.cause as Error | undefined)?.message ?? error?.message).toBe('The activity log is never edited.');
    };
    const one = eq(activity_log.id, entry?.id ?? 0);
    await refused(shop.t.db.update(activity_log).set({ actor_name: 'Someone else' }).where(one));
    await refused(shop.t.db.delete(activity_log).where(one));
    await refused(shop.t.db.execute(sql`truncate ${activity_log}`));

    const other = await signUpCeo(shop.t);
    await api().call(
      ENDPOINTS.businesses.updateBusiness,
      { id: other.businessId, name: `Gone ${unique()}` },
      { token: other.token },
    );
    expect((await entriesOf('business.update', other)).length).toBe(1);
    const deleted = await api().call(
      ENDPOINTS.businesses.deleteBusiness,
      { id: other.businessId },
      { token: other.token },
    );
    expect(deleted.status).toBe(200);
    const left = await shop.t.db.select().from(activity_log).where(eq(activity_log.business_id, other.businessId));
    expect(left).toEqual([]);
    expect(await shop.t.db.select().from(businesses).where(eq(businesses.id, other.businessId))).toEqual([]);
  });

  it('filters by kind, by member and by Lagos days, newest first, paged', async () => {
    const whole = await activity();
    expect(whole.count).toBeGreaterThan(5);
    const ats = whole.results.map((entry) => entry.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const byManager = await activity({ user_id: manager.user.id });
    expect(byManager.count).toBeGreaterThan(0);
    expect(byManager.results.every((entry) => entry.actor.id === manager.user.id)).toBe(true);
    expect((await activity({ from: lagosDay(0), to: lagosDay(0) })).count).toBe(whole.count);
    expect((await activity({ from: lagosDay(1) })).count).toBe(0);
    expect((await activity({ to: lagosDay(-1) })).count).toBe(0);
    const backwards = await api().call(
      ENDPOINTS.activity.listActivity,
      { business_id: ceo().businessId, from: lagosDay(0), to: lagosDay(-1) },
      { token: ceo().token },
    );
    expect(backwards.status).toBe(400);
  });

  it('is read by the CEOs alone, and another business answers 404', async () => {
    const refused = await api().call(
      ENDPOINTS.activity.listActivity,
      { business_id: ceo().businessId },
      { token: manager.token },
    );
    expect(refused.status).toBe(403);
    const other = await signUpCeo(shop.t);
    const foreign = await api().call(
      ENDPOINTS.activity.listActivity,
      { business_id: ceo().businessId },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
    const coCeo = await memberLoggedIn(shop.t, ceo().businessId, 'ceo');
    expect((await activity({}, { ...ceo(), token: coCeo.token })).count).toBeGreaterThan(0);
  });
});
