import type { Role } from "@db/schema/enums";
import type { Actor } from "~/lib/auth/auth.server";

type UserAction = "read-own" | "update-own" | "list" | "create" | "update" | "delete" | "set-role";

/**
 * A signed-in user reads and changes their own profile; administrators manage every account, except that
 * an administrator neither changes their own role nor deletes their own account (no accidental lock-out).
 */
export function can(actor: Pick<Actor, "id" | "role"> | null, action: UserAction, target?: { id: string }): boolean {
  if (!actor) return false;
  if (action === "read-own" || action === "update-own") return !!target && target.id === actor.id;
  if (actor.role !== "admin") return false;
  if (action === "set-role" || action === "delete") return !!target && target.id !== actor.id;
  return true;
}

/**
 * A merchant account has a merchant record (its business): made with the account, or when an administrator
 * makes an existing account a merchant. Other roles have none.
 */
export function hasMerchantRecord(role: Role): boolean {
  return role === "merchant";
}

/** A new account of this role is asked for its business's name, e-mail and VAT number (its merchant record). */
export function needsBusinessFields(role: Role): boolean {
  return hasMerchantRecord(role);
}
