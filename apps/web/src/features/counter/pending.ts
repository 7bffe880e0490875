import { counterService } from './counter-service';
import { counterDbByName, counterDbNamesOf } from './store';

/** How many sales made on this phone by this person, in any business, have not reached the server. */
export async function pendingOnThisPhone(userId: number): Promise<number> {
  let count = 0;
  for (const name of await counterDbNamesOf(userId)) {
    count += await counterDbByName(name).outbox.where('state').anyOf('waiting', 'sending', 'needs_attention').count();
  }
  return count;
}

/** Sends what waits in every business's outbox of this person on this phone, now. */
export async function sendAllNow(userId: number): Promise<void> {
  for (const name of await counterDbNamesOf(userId)) {
    const match = /-b(\d+)$/.exec(name);
    if (match) counterService(userId, Number(match[1])).kick();
  }
}
