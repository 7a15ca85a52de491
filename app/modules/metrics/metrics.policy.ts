import type { Actor } from "~/lib/auth/auth.server";

type MetricsAction = "read-merchant" | "read-platform";

/** A merchant reads the figures of its own promotions and events; an administrator reads everyone's. */
export function can(actor: Pick<Actor, "id" | "role"> | null, action: MetricsAction, row?: { merchantId: string }) {
  if (!actor) return false;
  if (actor.role === "admin") return true;
  if (action === "read-merchant") return actor.role === "merchant" && !!row && row.merchantId === actor.id;
  return false;
}

/**
 * Whose visits count: not an administrator's, and not the owner's own visits to its promotion or
 * event. Guests and other signed-in people count. The client skips sending them; the server checks again.
 */
export function counts(viewer: Pick<Actor, "id" | "role"> | null, owner: { merchantId: string }): boolean {
  if (!viewer) return true;
  if (!mayCount(viewer)) return false;
  return viewer.id !== owner.merchantId;
}

/**
 * Whether any visit of this viewer can count, whatever the item: an administrator's never do. Asked before
 * `counts`, it spares the read of the item's owner.
 */
export function mayCount(viewer: Pick<Actor, "id" | "role"> | null): boolean {
  return viewer?.role !== "admin";
}
