/**
 * What the web bench (bench/src/web) uses of the server, as `@oja/server/bench-web`: the demo people it signs in
 * as, and how the server finds index.html's inline scripts (it allows each by its hash), which the bundle budget
 * sizes and parses. Light on purpose: the budget runs after every build.
 */
export { DEMO_PASSWORD, DEMO_PEOPLE } from './demo/people';
export { inlineScripts } from './platform/security-headers';
