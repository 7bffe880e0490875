import { DEMO_MESSAGES } from '@oja/contract';
import type { ActorContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';

/**
 * The public demo shop stays whole: anyone may sign in to it with the published password, so its team (roles,
 * activation, removal) and the business itself (name, description, deletion) cannot be changed, as its
 * accounts' email and password cannot. Only demo accounts act in the demo shop with those rights (they are
 * members of it alone, cannot open another business, and nobody else can be made its CEO), so the actor's
 * flag names the demo shop without another query.
 */
export function refuseInDemoShop(ctx: ActorContext): void {
  if (ctx.actor.user.is_demo) throw forbidden(DEMO_MESSAGES.shopLocked);
}
