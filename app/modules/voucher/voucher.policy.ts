import type { Actor } from "~/lib/auth/auth.server";

type VoucherAction = "claim" | "list-own" | "read" | "redeem" | "read-counts";

/**
 * Residents claim vouchers and see only their own; a merchant checks and redeems codes of its own promotions
 * (the promotion's merchant is compared in the query: a code of another merchant's promotion is "not one of
 * your vouchers"); a merchant sees its own promotions' counts, an administrator every merchant's.
 */
export function can(
  actor: Pick<Actor, "id" | "role"> | null,
  action: VoucherAction,
  row?: { userId?: string | null; merchantId?: string },
): boolean {
  if (!actor) return false;
  switch (action) {
    case "claim":
      return actor.role === "user";
    case "list-own":
      return true;
    case "read":
      return !!row?.userId && row.userId === actor.id;
    case "redeem":
      return actor.role === "merchant";
    case "read-counts":
      return actor.role === "admin" || (actor.role === "merchant" && row?.merchantId === actor.id);
    default:
      return false;
  }
}
