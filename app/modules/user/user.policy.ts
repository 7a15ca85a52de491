import type { Actor } from "~/lib/auth.server";

export type UserAction = "read-own" | "update-own" | "list" | "create" | "update" | "delete" | "set-role";

/** A signed-in user manages their own profile; administrators manage everyone. */
export function can(actor: Actor | null, action: UserAction, target?: { id: string }): boolean {
  if (!actor) return false;
  if (actor.role === "admin") return true;
  if (action === "read-own" || action === "update-own") return !!target && target.id === actor.id;
  return false;
}
