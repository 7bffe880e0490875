import type { MemberRole } from '@oja/contract';
import type { businesses } from '../db/schema';
import type { Actor } from './auth';
import type { Deps } from './deps';

/** Where a request comes from: rate limits count per IP, sessions remember the device. */
export type ClientInfo = { ip: string; userAgent: string | undefined };

export type BusinessRow = typeof businesses.$inferSelect;

/**
 * What every use case receives first, built once per request by the endpoint gate and never read
 * from anywhere ambient. Each tier adds what the route's access rule has proven:
 * - RequestContext: the outside world (database, mail, tokens, config, log) and the client;
 * - ActorContext: a signed-in user;
 * - BusinessContext: that user is an active member of this business, with this role, and the role
 *   holds the route's permission; `sees` says whether the role holds the route's `whole` permission
 *   (the business's records), its `recorded` one (the records the caller recorded) or only its `permission`
 *   (the caller's own records). The use cases scope by `sees` and check no role.
 */
export type RequestContext = Deps & { client: ClientInfo };
export type ActorContext = RequestContext & { actor: Actor };
/** A route anyone may call that acts on the caller's session when there is one. */
export type OptionalActorContext = RequestContext & { actor: Actor | null };
export type BusinessContext = ActorContext & {
  businessId: number;
  role: MemberRole;
  business: BusinessRow;
  sees: 'business' | 'recorded' | 'own';
};
