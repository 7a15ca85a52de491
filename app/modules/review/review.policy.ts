import type { Actor } from "~/lib/auth/auth.server";

type ReviewAction = "write" | "edit" | "answer" | "flag" | "moderate";

/**
 * Any signed-in account reviews a merchant, except the merchant's own account (merchants.id is its user's id);
 * only the author edits or deletes a review; only the merchant reviewed answers it; anyone signed in but the
 * author flags it; administrators moderate.
 */
export function can(
  actor: Actor | null,
  action: ReviewAction,
  row?: { merchantId?: string; userId?: string },
): boolean {
  if (!actor) return false;
  switch (action) {
    case "write":
      return !row?.merchantId || row.merchantId !== actor.id;
    case "edit":
      return !!row && row.userId === actor.id;
    case "answer":
      return actor.role === "merchant" && (!row || row.merchantId === actor.id);
    case "flag":
      return !row || row.userId !== actor.id;
    case "moderate":
      return actor.role === "admin";
    default:
      return false;
  }
}

/** Whether the signed-in actor owns the business `merchantId` (their review of it is refused). */
export function isOwnBusiness(actor: Actor | null, merchantId: string): boolean {
  return !!actor && actor.id === merchantId;
}
