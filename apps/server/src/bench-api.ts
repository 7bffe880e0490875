/**
 * What the benchmarks (bench/) may use of the server beyond its HTTP API, as `@oja/server/bench`. They measure
 * the API through HTTP or inject(); these are for what HTTP cannot give them:
 * - the app in-process on a benchmark's own database (inject() without a socket: bench/src/harness.ts);
 * - the data written fast with set-based SQL, with real password hashes (bench/src/dataset.ts, owner.ts, soak.ts);
 * - each read's own SQL timed without HTTP, through the same use case that its handler calls, for the load
 *   bench's API/SQL ratio (bench/src/load.ts);
 * The web bench's few needs are apart (bench-web-api.ts), so that the bundle budget does not load the server.
 * A change to one of these is a change to the benchmarks: they fail their type check with it.
 */
export { buildApp } from './app';
export { connect, type Database } from './db/client';
export { embeddedUrl, freePort, startEmbeddedPostgres } from './db/embedded';
export { migrateDatabase } from './db/migrate';
export { hashPassword } from './modules/accounts/passwords';
export { userAnswer } from './modules/accounts/user-answer';
export { listActivity } from './modules/activity/list-activity';
export { getBusinessOverview } from './modules/businesses/get-overview';
export { listCustomerBook } from './modules/customers/list-customer-book';
export { getBusinessReport } from './modules/reports/get-report';
export { listCarts } from './modules/sales/list-carts';
export { listSales } from './modules/sales/list-sales';
export { listProducts } from './modules/stock/list-products';
export { openOjaDatabase } from './ops/database';
export { defaultPoolSize, loadConfig } from './platform/config';
export type { BusinessContext } from './platform/context';
export { createMemoryMailer } from './platform/mail';
export { createTokenService } from './platform/tokens';
