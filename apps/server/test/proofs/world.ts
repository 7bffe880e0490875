import { randomUUID } from 'node:crypto';
import {
  type Device,
  ENDPOINTS,
  type Endpoint,
  type EndpointInput,
  type MemberRole,
  type Product,
} from '@oja/contract';
import { sql } from 'drizzle-orm';
import { expenses } from '../../src/db/schema';
import type { TestApp } from '../app';
import {
  addMember,
  type Caller,
  codeFromMail,
  confirm,
  counterSaleBody,
  createCart,
  createProduct,
  freshIp,
  lagosDay,
  type Member,
  memberLoggedIn,
  type Owner,
  registerDevice,
  signUpBody,
  signUpCeo,
  TEST_PASSWORD,
  unique,
} from '../factories';
import { apiClient } from '../http';

/** A CSV of one new product, as base64: each call imports a product of its own. */
const importFile = () =>
  Buffer.from(`Name,SKU,Cost price,Selling price,Quantity\nGarri ${unique()},G-${unique()},500,650,5\n`).toString(
    'base64',
  );

/**
 * Everyone who may knock on a route: nobody, another business's CEO, each member role of one business,
 * a co-CEO (a member promoted to CEO, not the owner), and the owner (`ceo`).
 */
export const KNOCKERS = [
  'anonymous',
  'outsider',
  'user',
  'customer',
  'sales_rep',
  'sales_person',
  'manager',
  'co_ceo',
  'ceo',
] as const;
export type Knocker = (typeof KNOCKERS)[number];

/** One business with a member of every role, a product in stock, a customer's part-paid sale, and a neighbour. */
export type World = {
  t: TestApp;
  owner: Owner;
  members: Record<Exclude<MemberRole, 'ceo'>, Member>;
  /** A member whose role is CEO but who did not create the business: all the owner may, but delete it. */
  coCeo: Member;
  /** The CEO of another business: everything of this world must look missing to them. */
  outsider: Owner;
  product: Product;
  saleId: number;
};

/** A world around two new CEOs, or around given ones (the neighbour's world: its owner is this one's outsider). */
export async function buildWorld(t: TestApp, given: { owner?: Owner; outsider?: Owner } = {}): Promise<World> {
  const [owner, outsider] = await Promise.all([given.owner ?? signUpCeo(t), given.outsider ?? signUpCeo(t)]);
  const roles = ['manager', 'sales_person', 'sales_rep', 'customer', 'user'] as const;
  const logged = await Promise.all(roles.map((role) => memberLoggedIn(t, owner.businessId, role)));
  const members = Object.fromEntries(roles.map((role, index) => [role, logged[index]])) as World['members'];
  const coCeo = await memberLoggedIn(t, owner.businessId, 'ceo');
  const product = await createProduct(t, owner, { batches: [{ quantity: 500, expiration_date: lagosDay(60) }] });
  const cart = await createCart(t, owner, [{ product_id: product.id, quantity: 2 }], {
    customer_id: members.customer.user.id,
  });
  const sale = await confirm(t, owner, cart.id, { payment_status: 'partial', deposit_amount: '10' });
  if (sale.status !== 201) throw new Error(`The world's sale failed: ${JSON.stringify(sale.body)}`);
  return { t, owner, members, coCeo, outsider, product, saleId: sale.data.sale.id };
}

/** The caller of a knock: a token (none for anonymous). */
export function tokenOf(world: World, who: Knocker): string | undefined {
  if (who === 'anonymous') return undefined;
  if (who === 'ceo') return world.owner.token;
  if (who === 'outsider') return world.outsider.token;
  if (who === 'co_ceo') return world.coCeo.token;
  return world.members[who].token;
}

type InputBuilder<E extends Endpoint> = (world: World) => Promise<EndpointInput<E>> | EndpointInput<E>;
type Builders<G extends Record<string, Endpoint>> = { [K in keyof G]: InputBuilder<G[K]> };
type AllBuilders = { [G in keyof typeof ENDPOINTS]: Builders<(typeof ENDPOINTS)[G]> };

const owner = (world: World): Caller => world.owner;
const businessOf = (world: World) => ({ business_id: world.owner.businessId });

/** A fresh cart of the owner's, so that a call that uses it up leaves the next one its own. */
async function freshCart(world: World) {
  return createCart(world.t, owner(world), [{ product_id: world.product.id, quantity: 1 }]);
}

/** The world's customer's request, made once through the API: reading its invoice changes nothing. */
const requests = new WeakMap<World, Promise<number>>();
function customerRequest(world: World): Promise<number> {
  let request = requests.get(world);
  if (!request) {
    const customer = world.members.customer;
    request = apiClient(world.t.app)
      .call(
        ENDPOINTS.sales.requestProducts,
        { ...businessOf(world), items: [{ product_id: world.product.id, quantity: 1 }] },
        { token: customer.token },
      )
      .then((answer) => {
        if (answer.status !== 201) throw new Error(`The world's request failed: ${JSON.stringify(answer.body)}`);
        return answer.data.cart.id;
      });
    requests.set(world, request);
  }
  return request;
}

/** A fresh unpaid sale, for payments. */
async function freshUnpaidSale(world: World): Promise<number> {
  const cart = await freshCart(world);
  const sale = await confirm(world.t, owner(world), cart.id, { payment_status: 'not_paid' });
  return sale.data.sale.id;
}

/** A fresh expense recorded by the owner (members may delete only their own: see the matrix's exceptions). */
async function freshExpense(world: World): Promise<number> {
  const [row] = await world.t.db
    .insert(expenses)
    .values({
      business_id: world.owner.businessId,
      amount: '10.00',
      category: 'other',
      date: lagosDay(-1),
      created_by: world.owner.user.id,
      created_by_name: 'The owner',
    })
    .returning({ id: expenses.id });
  if (!row) throw new Error('No expense.');
  return row.id;
}

/** A fresh walk-in named on an unpaid sale: a duplicate to merge into the world's customer. */
async function freshWalkIn(world: World): Promise<string> {
  const name = `Duplicate ${unique()}`;
  const cart = await createCart(world.t, owner(world), [{ product_id: world.product.id, quantity: 1 }], {
    customer_name: name,
  });
  await confirm(world.t, owner(world), cart.id, { payment_status: 'not_paid' });
  return name;
}

/** The owner's selling phone, registered once per world: every member's counter sale goes out on it. */
const devices = new WeakMap<World, Promise<Device>>();
function counterDevice(world: World): Promise<Device> {
  let device = devices.get(world);
  if (!device) {
    device = registerDevice(world.t, owner(world));
    devices.set(world, device);
  }
  return device;
}

/** A counter sale's body on the world's phone: one unit of its product at its price, paid in cash. */
async function counterSale(world: World) {
  return counterSaleBody(owner(world), await counterDevice(world), [
    { product_id: world.product.id, quantity: 1, unit_price: world.product.selling_price },
  ]);
}

/**
 * A fresh counter sale of more than its product's batches hold, charged below its price: one open shortfall and one
 * open price flag to settle.
 */
async function freshShortfallSale(world: World) {
  const product = await createProduct(world.t, owner(world), { batches: [{ quantity: 1 }] });
  const body = counterSaleBody(owner(world), await counterDevice(world), [
    { product_id: product.id, quantity: 3, unit_price: '90.00' },
  ]);
  const answer = await apiClient(world.t.app).call(ENDPOINTS.counter.recordCounterSale, body, {
    token: world.owner.token,
  });
  const [shortfall] = answer.data?.shortfalls ?? [];
  const [flag] = answer.data?.price_flags ?? [];
  if (!shortfall || !flag) throw new Error(`The world's counter sale failed: ${JSON.stringify(answer.body)}`);
  return { shortfallId: shortfall.id, flagId: flag.id };
}

/** A bulk change of a product of its own (found by its unique name), so that each raises one price once. */
async function freshRepricing(world: World) {
  const product = await createProduct(world.t, owner(world), { product_name: `Malt ${unique()}` });
  return {
    ...businessOf(world),
    search: product.product_name,
    method: 'amount' as const,
    direction: 'raise' as const,
    value: '50',
    round_to: 50 as const,
  };
}

/** A fresh supplier of the owner's, made through the API. */
async function freshSupplier(world: World): Promise<number> {
  const answer = await apiClient(world.t.app).call(
    ENDPOINTS.suppliers.createSupplier,
    { ...businessOf(world), name: `Supplier ${unique()}`, phone: '08031234567' },
    { token: world.owner.token },
  );
  if (answer.status !== 201) throw new Error(`The world's supplier failed: ${JSON.stringify(answer.body)}`);
  return answer.data.supplier.id;
}

/** A delivery's body from a fresh supplier: two units of the world's product, nothing paid. */
async function deliveryBody(world: World) {
  return {
    ...businessOf(world),
    supplier_id: await freshSupplier(world),
    invoice_number: `INV-${unique()}`,
    lines: [{ product_id: world.product.id, batch_number: `D-${unique()}`, quantity: 2, unit_cost: '40.00' }],
  };
}

/** A fresh supplier owed ₦80 for a delivery: something to pay. */
async function freshOwedDelivery(world: World): Promise<{ supplierId: number; deliveryId: number }> {
  const answer = await apiClient(world.t.app).call(ENDPOINTS.suppliers.createDelivery, await deliveryBody(world), {
    token: world.owner.token,
  });
  if (answer.status !== 201) throw new Error(`The world's delivery failed: ${JSON.stringify(answer.body)}`);
  return { supplierId: answer.data.delivery.supplier_id, deliveryId: answer.data.delivery.id };
}

/** A fresh payment of ₦30 to a supplier owed ₦80: something the owner may correct or delete. */
async function freshSupplierPayment(world: World): Promise<number> {
  const { supplierId, deliveryId } = await freshOwedDelivery(world);
  const answer = await apiClient(world.t.app).call(
    ENDPOINTS.suppliers.paySupplier,
    { ...businessOf(world), supplier_id: supplierId, delivery_id: deliveryId, amount: '30.00', method: 'cash' },
    { token: world.owner.token },
  );
  if (answer.status !== 201) throw new Error(`The world's supplier payment failed: ${JSON.stringify(answer.body)}`);
  return answer.data.payment.id;
}

/**
 * A valid input for every route of the table, as its rightful caller would send it. A route added to the
 * table without one here does not compile, so the matrix and the hostile-input tests cover it at once.
 */
export const VALID_INPUTS: AllBuilders = {
  accounts: {
    register: () => signUpBody(),
    activate: () => ({ email: `nobody-${unique()}@example.com`, code: '123456' }),
    login: (world) => ({ email_or_username: world.members.sales_rep.username, password: TEST_PASSWORD }),
    // The world has no demo shop: the route answers its 404, which is the proof that it is public and sound.
    demoLogin: () => ({}),
    forgotPassword: () => ({ email: `nobody-${unique()}@example.com` }),
    resetPassword: () => ({
      email: `nobody-${unique()}@example.com`,
      code: '123456',
      new_password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    }),
    profile: () => undefined,
    updateProfile: (world) => ({ first_name: 'Ada', last_name: 'Obi', email: world.owner.email }),
    confirmEmail: async (world) => {
      // A change of address waiting for its code, the code taken from the mail to the new address.
      const email = `moved-${unique()}@example.com`;
      await apiClient(world.t.app).call(
        ENDPOINTS.accounts.updateProfile,
        { first_name: 'Ada', last_name: 'Obi', email, current_password: TEST_PASSWORD },
        // Each from an address of its own, or the hourly mail budget of one IP runs out in a long fuzz.
        { token: world.owner.token, ip: freshIp() },
      );
      return { code: codeFromMail(world.t, email) };
    },
    // A link that was never mailed answers its 400; a real one would sign the world's owner out everywhere.
    undoEmailChange: () => ({ token: `unknown-${unique()}` }),
    changePassword: () => ({
      previous_password: TEST_PASSWORD,
      new_password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    }),
    refresh: () => ({ refresh_token: `unknown-${unique()}` }),
    logout: () => ({ refresh_token: `unknown-${unique()}` }),
  },
  businesses: {
    listBusinesses: () => undefined,
    createBusiness: () => ({ name: `Branch ${unique()}` }),
    updateBusiness: (world) => ({ id: world.owner.businessId, about: 'Provisions, drinks and more' }),
    deleteBusiness: (world) => ({ id: world.owner.businessId }),
    getBusinessLogo: businessOf,
    getBusinessBySlug: (world) => ({ slug: world.owner.business.slug }),
    getPublicBusiness: (world) => ({ slug: world.owner.business.slug }),
    getOverview: businessOf,
    getReport: (world) => ({ ...businessOf(world), from: lagosDay(-30), to: lagosDay(0) }),
    getEmployeeFigures: businessOf,
    getEmployeeAnalytics: (world) => ({ ...businessOf(world), days: 7 }),
    getCustomerFigures: businessOf,
  },
  team: {
    joinBusiness: (world) => ({
      first_name: 'Emeka',
      last_name: 'Okafor',
      password: TEST_PASSWORD,
      role: 'customer',
      business_slug: world.owner.business.slug,
    }),
    listBusinessUsers: businessOf,
    updateBusinessUser: async (world) => {
      const target = await addMember(world.t, world.owner.businessId, { role: 'sales_rep' });
      return { ...businessOf(world), user_id: target.id, first_name: 'Renamed' };
    },
    deleteBusinessUsers: async (world) => {
      const target = await addMember(world.t, world.owner.businessId, { role: 'sales_rep' });
      return { ...businessOf(world), user_ids: [target.id] };
    },
  },
  stock: {
    listProducts: businessOf,
    getProduct: (world) => ({ ...businessOf(world), product_id: world.product.id }),
    createProduct: (world) => ({
      ...businessOf(world),
      product_name: `Garri ${unique()}`,
      cost_price: '500',
      selling_price: '650',
      batches: [{ batch_number: `B-${unique()}`, quantity: 5 }],
    }),
    updateProduct: (world) => ({ ...businessOf(world), id: world.product.id, selling_price: '120.00' }),
    deleteProduct: async (world) => {
      const product = await createProduct(world.t, owner(world));
      return { ...businessOf(world), id: product.id };
    },
    updateStock: (world) => ({ ...businessOf(world), product_id: world.product.id, quantity: 1 }),
    receiveBatch: (world) => ({
      ...businessOf(world),
      product_id: world.product.id,
      batch_number: `R-${unique()}`,
      quantity: 3,
    }),
    adjustBatch: (world) => ({
      ...businessOf(world),
      product_id: world.product.id,
      batch_id: world.product.batches[0]?.id ?? 0,
      delta: 1,
      reason: 'count_correction',
    }),
    listMovements: (world) => ({ ...businessOf(world), product_id: world.product.id }),
    previewImport: (world) => ({ ...businessOf(world), file_name: 'products.csv', content_base64: importFile() }),
    importProducts: (world) => ({ ...businessOf(world), file_name: 'products.csv', content_base64: importFile() }),
    exportProducts: (world) => ({ ...businessOf(world), format: 'csv' }),
    importTemplate: (world) => ({ ...businessOf(world), format: 'xlsx' }),
    listCategories: businessOf,
    previewRepricing: (world) => ({ ...businessOf(world), method: 'percent', direction: 'raise', value: '10' }),
    applyRepricing: freshRepricing,
    undoRepricing: async (world) => {
      const body = await freshRepricing(world);
      const applied = await apiClient(world.t.app).call(ENDPOINTS.stock.applyRepricing, body, {
        token: world.owner.token,
      });
      return { ...businessOf(world), id: applied.data.id };
    },
    listRepricings: businessOf,
    listPriceHistory: (world) => ({ ...businessOf(world), product_id: world.product.id }),
  },
  sales: {
    listCarts: businessOf,
    createCart: (world) => ({ ...businessOf(world), items: [{ product_id: world.product.id, quantity: 1 }] }),
    updateCart: async (world) => {
      const cart = await freshCart(world);
      return { ...businessOf(world), id: cart.id, title: 'Renamed cart', customer_name: 'Walk-in', items: [] };
    },
    deleteCart: async (world) => ({ id: (await freshCart(world)).id }),
    requestProducts: (world) => ({ ...businessOf(world), items: [{ product_id: world.product.id, quantity: 1 }] }),
    listMyRequests: businessOf,
    getCartInvoice: async (world) => ({ ...businessOf(world), id: await customerRequest(world) }),
    listCustomers: businessOf,
    confirmSale: async (world) => ({
      ...businessOf(world),
      cart_id: (await freshCart(world)).id,
      payment_status: 'paid',
    }),
    listSales: businessOf,
    getSale: (world) => ({ ...businessOf(world), id: world.saleId }),
    recordPayment: async (world) => ({
      ...businessOf(world),
      sale_id: await freshUnpaidSale(world),
      amount: '1.00',
      method: 'cash',
    }),
    cancelSale: async (world) => ({
      ...businessOf(world),
      id: await freshUnpaidSale(world),
      reason: 'Customer changed their mind',
    }),
    returnSale: async (world) => {
      const sale = await confirm(world.t, owner(world), (await freshCart(world)).id, { payment_status: 'not_paid' });
      const line = sale.data.sale.lines[0];
      if (!line) throw new Error('No line.');
      return {
        ...businessOf(world),
        id: sale.data.sale.id,
        reason: 'Too big',
        lines: [{ sale_line_id: line.id, quantity: 1 }],
        restock: true,
      };
    },
    getReceipt: (world) => ({ ...businessOf(world), id: world.saleId }),
    getInvoice: (world) => ({ ...businessOf(world), id: world.saleId }),
    listDebts: businessOf,
    listPayments: businessOf,
    listMyDebts: businessOf,
  },
  expenses: {
    createExpense: (world) => ({ ...businessOf(world), amount: '150.00', category: 'transport', date: lagosDay(0) }),
    listExpenses: businessOf,
    deleteExpense: async (world) => ({ id: await freshExpense(world) }),
    listExpenseCategories: businessOf,
    createExpenseCategory: (world) => ({ ...businessOf(world), name: `Fuel ${unique()}` }),
  },
  catalogue: {
    getCatalogue: (world) => ({ ...businessOf(world), since: 0, follow: '1,2' }),
    searchCatalogue: (world) => ({ ...businessOf(world), search: 'a' }),
  },
  customers: {
    listCustomerBook: (world) => ({ ...businessOf(world), search: 'a' }),
    getCustomer: (world) => ({ ...businessOf(world), customer_id: world.members.customer.user.id }),
    getCustomerStatement: (world) => ({ ...businessOf(world), customer_id: world.members.customer.user.id }),
    mergeCustomers: async (world) => ({
      ...businessOf(world),
      customer_id: world.members.customer.user.id,
      merge_customer_name: await freshWalkIn(world),
    }),
  },
  counter: {
    registerDevice: (world) => ({ ...businessOf(world), device_id: randomUUID() }),
    reportDeviceStatus: async (world) => ({
      ...businessOf(world),
      device_id: (await counterDevice(world)).device_id,
      pending_count: 2,
      oldest_pending_at: new Date().toISOString(),
      needs_attention_count: 0,
    }),
    listDevices: businessOf,
    recordCounterSale: counterSale,
    listShortfalls: (world) => ({ ...businessOf(world), include_settled: 'true' }),
    settleShortfall: async (world) => ({
      ...businessOf(world),
      id: (await freshShortfallSale(world)).shortfallId,
      note: 'Counted: two were on the shelf',
    }),
    listPriceFlags: (world) => ({ ...businessOf(world), include_settled: 'false' }),
    settlePriceFlag: async (world) => ({
      ...businessOf(world),
      id: (await freshShortfallSale(world)).flagId,
      note: 'Agreed price for a regular',
    }),
  },
  dayCloses: {
    getDayCloseExpected: businessOf,
    // Cash counted whatever went through the caller's hands, with a note for the difference it may leave.
    createDayClose: (world) => ({
      ...businessOf(world),
      counted: [{ method: 'cash', amount: '10.00' }],
      note: 'Counted at the close',
    }),
    listDayCloses: businessOf,
  },
  activity: {
    listActivity: (world) => ({ ...businessOf(world), kind: 'product.price', from: lagosDay(-7), to: lagosDay(0) }),
  },
  suppliers: {
    listSuppliers: (world) => ({ ...businessOf(world), search: 'a' }),
    createSupplier: (world) => ({ ...businessOf(world), name: `Supplier ${unique()}`, phone: '+234 803 123 4567' }),
    getSupplier: async (world) => ({ ...businessOf(world), supplier_id: await freshSupplier(world) }),
    createDelivery: deliveryBody,
    paySupplier: async (world) => {
      const { supplierId, deliveryId } = await freshOwedDelivery(world);
      return {
        ...businessOf(world),
        supplier_id: supplierId,
        delivery_id: deliveryId,
        amount: '30.00',
        method: 'cash',
      };
    },
    updateSupplierPayment: async (world) => ({
      ...businessOf(world),
      id: await freshSupplierPayment(world),
      amount: '40.00',
      method: 'bank_transfer',
      note: 'The transfer, not cash',
    }),
    deleteSupplierPayment: async (world) => ({
      ...businessOf(world),
      id: await freshSupplierPayment(world),
      reason: 'Recorded twice',
    }),
    getPurchases: (world) => ({ ...businessOf(world), from: lagosDay(-30), to: lagosDay(0) }),
  },
};

/**
 * Every table's rows, as one fingerprint per table: equal fingerprints, unchanged database. The rate-limit
 * counters are left out: counting a refused attempt is what they are for.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  fingerprintQuery ??= t.db
    .execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'rate_limits'`,
    )
    .then(({ rows }) =>
      sql.join(
        rows.map(
          ({ name }) =>
            sql`select ${name} as name, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as print from ${sql.identifier(name)} x`,
        ),
        sql` union all `,
      ),
    );
  const { rows } = await t.db.execute<{ name: string; print: string }>(await fingerprintQuery);
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}
let fingerprintQuery: Promise<ReturnType<typeof sql.join>> | undefined;
