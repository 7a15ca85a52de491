import type { Actor } from "~/lib/auth/auth.server";
import { type OwnedAction, canOnOwned } from "~/modules/merchant";

type EventAction = OwnedAction | "set-featured";

/**
 * Events follow the rule of every row a merchant owns (merchant/owned.policy.ts): a merchant manages only
 * its own events, an administrator all of them. Only an administrator features an event; a merchant's
 * events are never featured.
 */
export function can(actor: Pick<Actor, "id" | "role"> | null, action: EventAction, row?: { merchantId: string }) {
  return canOnOwned(actor, action === "set-featured" ? "choose-merchant" : action, row);
}

/**
 * Registering for an event is for residents: a signed-in account with the user role. Merchants and
 * administrators manage events rather than attend them here.
 */
export function canAttend(actor: Pick<Actor, "role"> | null) {
  return actor?.role === "user";
}
