import type { Actor } from "~/lib/auth.server";

export type PromotionAction = "create" | "update" | "delete" | "list-own" | "list-all" | "set-premium";

/**
 * The one place the promotion rule lives (SPEC §6): a merchant creates and lists its own promotions and
 * changes or deletes only rows whose merchant_id is its own id; an administrator does everything;
 * nobody else does anything. Used by the merchant and the admin code paths alike.
 */
export function can(actor: Actor | null, action: PromotionAction, row?: { merchantId: string }): boolean {
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
