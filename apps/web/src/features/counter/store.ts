import type {
  CatalogueCustomer,
  CatalogueProduct,
  CounterSaleAnswer,
  CounterSaleBody,
  PaymentMethod,
  PaymentStatus,
  SaleDetail,
} from '@oja/contract';
import Dexie, { type EntityTable, type Table } from 'dexie';

/**
 * The counter's store on the device (IndexedDB through Dexie), one database per signed-in person and business:
 * the copy of what selling needs, this phone's receipt numbering, and the outbox of the sales and debt payments
 * made here (ADR 0013, ADR 0019). An entry leaves the outbox's waiting states only when the server answered it;
 * nothing here is ever dropped on its own.
 */

/** Where a sale or payment made on this phone stands. `discarded` keeps a refused one with the reason given. */
export type OutboxState = 'waiting' | 'sending' | 'recorded' | 'needs_attention' | 'discarded';

/** What the receipt and the outbox list show of a sale, written with it (the copy may change later). */
export type SaleSnapshot = {
  currency: string;
  customer_name: string;
  customer_phone: string | null;
  seller_name: string;
  lines: {
    product_id: number;
    product_name: string;
    quantity: number;
    unit_price: string;
    line_total: string;
    /** A product with packs (ADR 0030): the line's unit ("carton", "pack") and the base units it took. */
    unit_name?: string;
    base_quantity?: number;
  }[];
  payments: { method: string; amount: string }[];
  total: string;
  paid: string;
  owed: string;
  payment_status: PaymentStatus;
  /** Cash handed over by the customer and the change given back, when paid in cash. */
  cash_given: string | null;
  change: string | null;
};

/** How an entry of the outbox has fared so far: the same for a sale and a payment. */
type Attempted = {
  /** The order entries were made in on this phone: the outbox sends in this order. */
  order?: number;
  state: OutboxState;
  attempts: number;
  /** Not sent again before this time (ms since the epoch): the backoff after a failed attempt. */
  next_attempt_at: number;
  /** Why the last attempt failed: the server's refusal, or that the network was gone. */
  last_error: string | null;
  discard_reason: string | null;
  /** The fields the server named when it refused the entry (`customer`, `lines`, `amount` …): what may be corrected. */
  refused_fields?: string[] | null;
  updated_at: string;
};

export type SaleEntry = Attempted & {
  kind: 'sale';
  client_sale_id: string;
  receipt_number: string;
  /** The request's body exactly as it is sent, every time. */
  body: CounterSaleBody & { client_sale_id: string; receipt_number: string; sold_at: string };
  snapshot: SaleSnapshot;
  /** The server's answer once recorded: the sale as the books keep it. */
  answer: CounterSaleAnswer | null;
};

/** What the outbox list shows of a debt payment, written with it. */
export type PaymentSnapshot = {
  currency: string;
  customer_name: string;
  /** The sale paid, as the person knows it: "Sale #107" or a receipt number made on this phone. */
  sale_label: string;
  /** What the sale owed when the payment was made, as this phone knew it. */
  balance: string;
};

/** A later payment of a sale's debt (`POST /sales/payments/`), made on this phone (ADR 0019). */
export type PaymentEntry = Attempted & {
  kind: 'payment';
  /** Made on this phone when the payment is made: its Idempotency-Key at every attempt (docs/adr/0010). */
  payment_key: string;
  /** The sale's id on the server; null while the sale itself waits in this outbox (`after_sale`). */
  sale_id: number | null;
  /** The client_sale_id of a sale made on this phone that this payment waits for until it is recorded. */
  after_sale: string | null;
  /** A two-decimal string, never a float. */
  amount: string;
  method: PaymentMethod;
  made_at: string;
  snapshot: PaymentSnapshot;
  /** The server's answer once recorded: the sale with this payment. */
  answer: { sale: SaleDetail } | null;
};

export type OutboxEntry = SaleEntry | PaymentEntry;

/** When an entry was made on this phone. */
export const madeAt = (entry: OutboxEntry): string => (entry.kind === 'sale' ? entry.body.sold_at : entry.made_at);

export type CatalogueMeta = {
  key: 'catalogue';
  version: number;
  taken_at: string;
  is_partial: boolean;
  /** When the copy arrived, by this phone's clock: sales recorded after it are not in its stock yet. */
  synced_at: number;
  /**
   * Made anew by every write of the copy's products (catalogue.ts): a tab whose products in memory carry the same
   * stamp holds the copy as stored, and need not read it back. Absent in a store written before it.
   */
  stamp?: string;
  /**
   * A partial copy: the products found by searching online that the phone keeps beside it, most recent first
   * (at most CATALOGUE_FOLLOW_LIMIT). Each delta asks for their changes too.
   */
  followed?: number[];
};
/** This phone as a seller for this business: its id (made here), receipt prefix and the last number used. */
export type DeviceMeta = { key: 'device'; device_id: string; prefix: string | null; sequence: number };
/** The copy's customers with what they owe, whole with every copy: one record of their JSON text. */
export type CustomersMeta = { key: 'customers'; text: string };
export type Meta = CatalogueMeta | DeviceMeta | CustomersMeta;

/**
 * A page of the copy's products as it came, kept as one record of JSON text: a first copy of 5,000 products is a
 * few such records, whose clone is a string's, where one record a product cost the phone seconds of puts and a
 * read of them all back. The products' later changes are records of `products`, over the pages (catalogue.ts).
 */
export type CopyPage = { at: number; text: string };

export type CounterDb = Dexie & {
  /** What changed since the pages were written: a product, or one removed (`is_removed`), by id. */
  products: EntityTable<CatalogueProduct, 'id'>;
  pages: EntityTable<CopyPage, 'at'>;
  /** The customers of a copy written before CustomersMeta. */
  customers: EntityTable<CatalogueCustomer, 'id'>;
  meta: Table<Meta, Meta['key']>;
  outbox: EntityTable<OutboxEntry, 'order'>;
};

const PREFIX = 'oja-counter';

function counterDbName(userId: number, businessId: number): string {
  return `${PREFIX}-u${userId}-b${businessId}`;
}

const open = new Map<string, CounterDb>();

/** The store of this person in this business, opened once per page. */
export function counterDb(userId: number, businessId: number): CounterDb {
  const name = counterDbName(userId, businessId);
  let db = open.get(name);
  if (!db) {
    db = new Dexie(name) as CounterDb;
    db.version(1).stores({
      products: 'id, sku, barcode',
      customers: 'id',
      meta: 'key',
      outbox: '++order, &client_sale_id, state',
    });
    // Debt payments join the sales (ADR 0019): found by the sale they pay, or the phone's sale they wait for.
    db.version(2).stores({ outbox: '++order, &client_sale_id, state, sale_id, after_sale' });
    // The copy in pages of text (CopyPage); a store of version 2 keeps its products as changes over no page.
    db.version(3).stores({ pages: 'at' });
    open.set(name, db);
  }
  return db;
}

/** The names of this person's stores on this phone, one per business they sold for. */
export async function counterDbNamesOf(userId: number): Promise<string[]> {
  const names = await Dexie.getDatabaseNames();
  return names.filter((name) => name.startsWith(`${PREFIX}-u${userId}-b`));
}

export function counterDbByName(name: string): CounterDb {
  const match = /-u(\d+)-b(\d+)$/.exec(name);
  if (!match) throw new Error(`Not a counter store: ${name}`);
  return counterDb(Number(match[1]), Number(match[2]));
}

/** The states that still need the server: counted in the header and reported to the owner. */
export const PENDING_STATES: readonly OutboxState[] = ['waiting', 'sending', 'needs_attention'];

/** A UUID made on the device (crypto.randomUUID needs a secure context, which the app always has but tests may not). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Asks the browser to keep the store when space runs low (sales waiting on the phone must survive). */
export async function askPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
