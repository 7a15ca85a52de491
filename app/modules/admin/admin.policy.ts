/** The admin dashboard's rule: only administrators see the platform's figures. */
import type { Actor } from "~/lib/auth/auth.server";

type AdminAction = "view-dashboard" | "view-system";

export function isAdmin(actor: Pick<Actor, "role"> | null | undefined): actor is Actor {
  return actor?.role === "admin";
}

export function can(actor: Pick<Actor, "role"> | null, _action: AdminAction): boolean {
  return isAdmin(actor);
}
