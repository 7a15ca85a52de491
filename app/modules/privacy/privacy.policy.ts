import type { Actor } from "~/lib/auth/auth.server";

type PrivacyAction =
  /** Prepare a download of everything held about the target account. */
  | "export"
  /** Erase the target account. */
  | "erase"
  /** Download a prepared export. */
  | "download";

/**
 * A signed-in user exports and erases their own account; an administrator does both for any
 * account on request (erasing their own account only from /profile, like everyone). A prepared export is
 * downloaded by its subject, and by the administrator who asked for it (no other administrator). Whether an
 * administrator is the last one needs the database: the erasure asks `mustKeepOneAdmin` and counts.
 */
export function can(
  actor: Pick<Actor, "id" | "role"> | null,
  action: PrivacyAction,
  target?: { userId: string; requestedBy?: string | null; via?: "self" | "admin" },
): boolean {
  if (!actor || !target) return false;
  const own = target.userId === actor.id;
  if (action === "download") {
    return own || (!!target.requestedBy && target.requestedBy === actor.id && actor.role === "admin");
  }
  if (target.via === "admin") {
    if (actor.role !== "admin") return false;
    // The admin panel never erases the administrator's own account (no accidental lock-out).
    return action === "export" || !own;
  }
  return own;
}

/** The admin panel's delete of the administrator's own account (refused with its own message). */
export function isOwnAccountInAdminPanel(actor: Pick<Actor, "id" | "role">, userId: string): boolean {
  return actor.role === "admin" && actor.id === userId;
}

/** An account of this role may be erased only while another account of the role remains. */
export function mustKeepOneAdmin(role: string): boolean {
  return role === "admin";
}
