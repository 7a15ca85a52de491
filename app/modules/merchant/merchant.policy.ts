import type { Actor } from "~/lib/auth.server";

export type MerchantAction = "read-own" | "update-own" | "list-all" | "create" | "update" | "delete";

/** A merchant reads and updates its own record (id = its user id); administrators manage every merchant. */
export function can(actor: Actor | null, action: MerchantAction, row?: { id: string }): boolean {
  if (!actor) return false;
  if (actor.role === "admin") return true;
  if (actor.role !== "merchant") return false;
  if (action === "read-own" || action === "update-own") return !!row && row.id === actor.id;
  return false;
}
