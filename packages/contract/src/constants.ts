/** Business constants shared by the server and the web. */
export const API_PREFIX = '/api/v1';
/** The spec's clients call this prefix; it serves the same routes. */
export const SPEC_API_PREFIX = '/dev/api/v1';

export const PAGE_SIZE = {
  products: 20,
  carts: 10,
  sales: 10,
  expenses: 10,
  dayCloses: 10,
  users: 10,
  movements: 20,
  customers: 10,
  activity: 20,
} as const;

export const SEARCH_DEBOUNCE_MS = 300;
export const TOAST_MS = 4000;
export const COPY_TOAST_MS = 2000;
export const TOAST_LIMIT = 20;
export const MODAL_AUTO_CLOSE_MS = 1500;
export const RESEND_CODE_DISABLED_MS = 1500;
export const COPY_MARKER_RESET_MS = 1500;
export const REGISTER_REDIRECT_MS = 1500;
export const FORGOT_REDIRECT_MS = 1000;
export const RESET_REDIRECT_MS = 2000;

export const SESSION_DAYS = 7;
export const ACCESS_TOKEN_MINUTES = 15;
export const CODE_TTL_MINUTES = 10;
/** How long the link mailed to the old address undoes an email change. */
export const UNDO_EMAIL_DAYS = 7;
export const CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const FREE_TRIAL_DAYS = 14;
/** The shop's logo: small enough for a receipt roll and a phone's data plan. */
export const LOGO_MAX_BYTES = 48 * 1024;
export const LOGO_MAX_SIDE = 240;

export const DEFAULT_CURRENCY = 'NGN';
export const DEFAULT_CUSTOMER_NAME = 'Unnamed Customer';
export const EXPIRING_SOON_DAYS = 30;
export const RECENT_HOURS = 24;
export const TREND_DAYS = 7;

/** Days and "today" (expiry, daily revenue) are counted in the shops' own time zone. */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

/** Name of the anti-forgery cookie and the header that must echo it on cookie-authenticated writes. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const ACCESS_COOKIE = 'oja_access';
export const REFRESH_COOKIE = 'oja_refresh';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The web build's list of each route's files (`{ names, routes }`, as its route preloader has them) and of the
 * first screens' reads (`reads`, early-reads.ts), at the root of the build: the server reads it to name a
 * page's files in the page's Link header, and to answer its first reads inside the page.
 */
export const ROUTE_PRELOAD_FILE = 'route-preload.json';
