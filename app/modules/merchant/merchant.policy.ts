import type { Actor } from "~/lib/auth/auth.server";

type MerchantAction =
  | "read-own"
  | "update-own"
  | "list-all"
  | "create"
  | "update"
  | "delete"
  | "set-vat"
  | "set-premium";

/**
 * A merchant reads and updates its own record (id = its user id), but not its VAT number or premium status;
 * administrators manage every merchant, those fields included.
 */
export function can(actor: Pick<Actor, "id" | "role"> | null, action: MerchantAction, row?: { id: string }): boolean {
  if (!actor) return false;
  if (actor.role === "admin") return true;
  if (actor.role !== "merchant") return false;
  if (action === "read-own" || action === "update-own") return !!row && row.id === actor.id;
  return false;
}
