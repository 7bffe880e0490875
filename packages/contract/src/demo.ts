/**
 * The demo shop that a fresh server creates (apps/server/src/demo): anyone may open its customer
 * account from /test-customer-login, so its accounts keep their email and password.
 */
/** The password of every demo account: printed at start-up, so it is no secret. */
export const DEMO_PASSWORD = 'demo-shop-2024';

export const DEMO_MESSAGES = {
  notSetUp: 'The demo shop is not set up on this server.',
  loggedIn: 'Logged in as the demo customer.',
  accountLocked: 'This is a demo account: its email and password cannot be changed.',
  demoBusinessOnly: 'Demo accounts belong to the demo shop only: sign up to open a business of your own.',
  noJoining:
    'This is the public demo shop: it takes no new members. Sign up to open a shop of your own, then invite your team there.',
  shopLocked:
    'This is the public demo shop: its team and its details cannot be changed, so it stays whole for the next visitor. Sign up to run a shop of your own.',
} as const;
