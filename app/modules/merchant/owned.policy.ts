import type { Actor } from "~/lib/auth/auth.server";

/** What may be done with a row a merchant owns (a promotion or an event). */
export type OwnedAction = "create" | "update" | "delete" | "list-own" | "list-all" | "choose-merchant";

/**
 * The one rule for rows a merchant owns, promotions and events alike: a merchant creates and lists
 * its own rows and updates or deletes only a row whose merchant_id is its own id; its rows always belong to
 * it ("choose-merchant" is false, so a posted merchant_id, municipality or category is ignored and they
 * come from its merchant record). An administrator does everything, for any merchant. Nobody else does
 * anything. Pure: the server enforces it and the panels' forms ask it which fields to show.
 */
export function canOnOwned(
  actor: Pick<Actor, "id" | "role"> | null,
  action: OwnedAction,
  row?: { merchantId: string },
) {
  if (!actor) return false;
  if (actor.role === "admin") return true;
  if (actor.role !== "merchant") return false;
  switch (action) {
    case "create":
    case "list-own":
      return true;
    case "update":
    case "delete":
      return !!row && row.merchantId === actor.id;
    default:
      return false;
  }
}
