import { CATALOGUE_ENDPOINTS, COUNTER_ENDPOINTS, IDEMPOTENCY_HEADER, MESSAGES, SALES_ENDPOINTS } from '@oja/contract';
import { ApiError, call, sessionWorkSignal } from '../../lib/api';
import { holdLaterLoads } from '../../lib/later-loads';
import { syncCatalogue } from './catalogue';
import { markCopyKept } from './copy-kept';
import { drainOutbox, outboxSummary, type SendResult, sendNow, statusBody, type Transport } from './outbox';
import { askPersistentStorage, type CounterDb, counterDb, type DeviceMeta, newUuid, type OutboxEntry } from './store';

/** How often the copy is refreshed while the counter is open and online. */
const CATALOGUE_EVERY_MS = 5 * 60_000;
/** How often a tab looks whether anything waits (another tab may hold the lock, a backoff may have passed). */
const OUTBOX_CHECK_MS = 10_000;
/** How often an unchanged outbox is reported to the owner while online. */
const STATUS_EVERY_MS = 60_000;
/** A send that has not answered by then is treated as lost, and goes again later (the server records it once). */
const SEND_TIMEOUT_MS = 30_000;

/**
 * A refusal is a 4xx the server gave reasons for; a lost network (status 0), a failing server (5xx), a timeout,
 * too many requests or an expired session are worth another attempt as the sale is.
 */
export function classifyFailure(error: unknown): SendResult {
  if (error instanceof ApiError) {
    const again = error.status === 0 || error.status >= 500 || [401, 408, 425, 429].includes(error.status);
    if (again) return { kind: 'retry', message: error.message || MESSAGES.failed.network };
    const fields = Object.values(error.fieldErrors).flat();
    return {
      kind: 'refused',
      message: [...new Set([error.message, ...fields])].filter(Boolean).join(' ') || `Refused (${error.status}).`,
      fields: Object.keys(error.fieldErrors),
    };
  }
  return { kind: 'retry', message: MESSAGES.failed.network };
}

/** Sends one entry of the outbox: a counter sale, or a later payment of a sale's debt under its own key. */
function transportFor(businessId: number): Transport {
  return async (entry: OutboxEntry) => {
    const options = { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) };
    try {
      if (entry.kind === 'sale') {
        const { data } = await call(COUNTER_ENDPOINTS.recordCounterSale, entry.body, {
          ...options,
          headers: { [IDEMPOTENCY_HEADER]: entry.client_sale_id },
        });
        return { kind: 'recorded', answer: data };
      }
      // drainOutbox sends a payment only once it knows its sale's server id.
      const body = {
        business_id: businessId,
        sale_id: entry.sale_id as number,
        amount: entry.amount,
        method: entry.method,
      };
      const { data } = await call(SALES_ENDPOINTS.recordPayment, body, {
        ...options,
        headers: { [IDEMPOTENCY_HEADER]: entry.payment_key },
      });
      return { kind: 'recorded', answer: data };
    } catch (error) {
      return classifyFailure(error);
    }
  };
}

/**
 * The counter of one person in one business on this page: registers the phone, keeps the copy fresh and drains
 * the outbox. Shared by every screen that shows it (the header's count, the Sell screen), started once.
 */
export class CounterService {
  private timers: ReturnType<typeof setInterval>[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private users = 0;
  private syncing: Promise<void> | null = null;
  private lastReport = { text: '', at: 0 };
  /** The reads and reports in flight, cancelled when the last screen lets go or the person logs out. */
  private work = new AbortController();
  /** This tab is sending; a kick meanwhile (a payment just made) makes it look again when done. */
  private isDraining = false;
  private isKickedAgain = false;
  private readonly transport: Transport;
  readonly db: CounterDb;

  constructor(
    readonly userId: number,
    readonly businessId: number,
  ) {
    this.db = counterDb(userId, businessId);
    this.transport = transportFor(businessId);
  }

  private readonly onOnline = () => {
    void sendNow(this.db).then(() => this.kick());
    void this.refresh();
  };

  /** Starts the work when the first screen needs it; `release` stops it after the last one, or the logout does. */
  retain(): () => void {
    const session = sessionWorkSignal();
    // Logging out: nothing starts for a session that is ending.
    if (session.aborted) return () => {};
    this.users += 1;
    if (this.users === 1) {
      this.work = new AbortController();
      session.addEventListener('abort', this.stop, { once: true, signal: this.work.signal });
      void askPersistentStorage();
      window.addEventListener('online', this.onOnline);
      this.timers.push(setInterval(() => void this.refresh(), CATALOGUE_EVERY_MS));
      this.timers.push(setInterval(() => this.kick(), OUTBOX_CHECK_MS));
      void this.refresh();
      this.kick();
    }
    // A screen let go after the logout stopped everything counts for nothing.
    const work = this.work;
    return () => {
      if (work !== this.work || work.signal.aborted) return;
      this.users -= 1;
      if (this.users === 0) this.stop();
    };
  }

  private readonly stop = (): void => {
    this.users = 0;
    this.work.abort();
    window.removeEventListener('online', this.onOnline);
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    clearTimeout(this.retryTimer);
  };

  /** This phone's device record, made on first use: its id is made here, its prefix comes from the server. */
  async device(): Promise<DeviceMeta> {
    const existing = (await this.db.meta.get('device')) as DeviceMeta | undefined;
    if (existing) return existing;
    const made: DeviceMeta = { key: 'device', device_id: newUuid(), prefix: null, sequence: 0 };
    // Two tabs opening at once: the first one's id stays.
    await this.db.transaction('rw', this.db.meta, async () => {
      if (!(await this.db.meta.get('device'))) await this.db.meta.put(made);
    });
    return (await this.db.meta.get('device')) as DeviceMeta;
  }

  /** Registers the phone if it has no prefix yet, and takes the server's last sequence if it is ahead. */
  async register(): Promise<DeviceMeta> {
    const device = await this.device();
    // No label: the server names the phone from its browser's own description (the contract's default).
    const { data } = await call(
      COUNTER_ENDPOINTS.registerDevice,
      { business_id: this.businessId, device_id: device.device_id },
      { signal: this.work.signal },
    );
    return this.db.transaction('rw', this.db.meta, async () => {
      const current = ((await this.db.meta.get('device')) as DeviceMeta | undefined) ?? device;
      const next: DeviceMeta = {
        ...current,
        prefix: data.device.prefix,
        sequence: Math.max(current.sequence, data.device.last_sequence),
      };
      await this.db.meta.put(next);
      return next;
    });
  }

  /**
   * Registration (when still needed) and the copy's delta, once at a time; offline this does nothing. The two
   * go side by side: the copy needs no receipt prefix, and the Sell screen waits for the copy, so its first
   * request leaves as soon as the screen asks, not a round trip (and a write on the server) later. One failing
   * does not stop the other.
   */
  refresh(): Promise<void> {
    if (!navigator.onLine || this.work.signal.aborted) return Promise.resolve();
    if (this.syncing) return this.syncing;
    const { signal } = this.work;
    const registering = (async () => {
      if (!(await this.device()).prefix) await this.register();
    })();
    const copying = syncCatalogue(this.db, async (query) => {
      const { data } = await call(
        CATALOGUE_ENDPOINTS.getCatalogue,
        { business_id: this.businessId, ...query },
        { signal },
      );
      return data;
    });
    // What the Sell screen waits for: the downloads that can wait start after it (lib/later-loads.ts).
    holdLaterLoads(copying);
    copying.then(
      () => markCopyKept(this.businessId),
      () => {},
    );
    const syncing = Promise.allSettled([registering, copying]).then(() => {
      this.syncing = null;
    });
    this.syncing = syncing;
    return syncing;
  }

  /**
   * Sends what waits, in this tab only if no other tab is sending (Web Locks): two tabs never send the same
   * outbox at once. Where the browser has no Web Locks, the server's once-per-sale rule still holds.
   */
  kick(): void {
    // Offline for sure: the `online` event sends (navigator.onLine may say true without a network, never the reverse).
    if (!navigator.onLine) return;
    if (this.isDraining) {
      this.isKickedAgain = true;
      return;
    }
    // Taken before the lock is asked for: a kick in between (a payment just written) is then not lost.
    this.isDraining = true;
    const run = async () => {
      let changed = false;
      let retryAt: number | null;
      do {
        this.isKickedAgain = false;
        const drained = await drainOutbox(this.db, this.transport);
        retryAt = drained.retryAt;
        changed ||= drained.recorded > 0 || drained.refused > 0;
      } while (this.isKickedAgain && retryAt === null);
      clearTimeout(this.retryTimer);
      if (retryAt !== null) this.retryTimer = setTimeout(() => this.kick(), Math.max(0, retryAt - Date.now()));
      // Recorded sales moved the stock; a refusal may come from a product the shop stopped selling.
      if (changed) void this.refresh();
      if (navigator.onLine) void this.reportStatus();
    };
    const drained = navigator.locks
      ? navigator.locks.request(`${this.db.name}:outbox`, { ifAvailable: true }, async (lock) => {
          if (lock) await run();
        })
      : run();
    void drained
      .catch(() => {})
      .finally(() => {
        this.isDraining = false;
      });
  }

  /** Tells the owner what this phone has not sent yet; a failure here is tried again at the next drain. */
  async reportStatus(): Promise<void> {
    const device = (await this.db.meta.get('device')) as DeviceMeta | undefined;
    if (!device?.prefix) return;
    const body = statusBody(this.businessId, device.device_id, await outboxSummary(this.db));
    const text = JSON.stringify(body);
    // Once when it changes, and at most once a minute otherwise: the owner's "last seen".
    if (text === this.lastReport.text && Date.now() - this.lastReport.at < STATUS_EVERY_MS) return;
    try {
      await call(COUNTER_ENDPOINTS.reportDeviceStatus, body, { signal: this.work.signal });
      this.lastReport = { text, at: Date.now() };
    } catch {
      // Told again at the next drain.
    }
  }
}

const services = new Map<string, CounterService>();

export function counterService(userId: number, businessId: number): CounterService {
  const key = `${userId}:${businessId}`;
  let service = services.get(key);
  if (!service) {
    service = new CounterService(userId, businessId);
    services.set(key, service);
  }
  return service;
}
