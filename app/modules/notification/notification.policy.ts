import type { Actor } from "~/lib/auth/auth.server";

type NotificationAction = "follow" | "manage-own";

/**
 * Alerts: any signed-in user follows municipalities and manages only their own follows. The
 * newsletter and unsubscribe links need no account: they act on the row their signed token names.
 */
export function can(actor: Actor | null, action: NotificationAction, row?: { userId: string }): boolean {
  if (!actor) return false;
  switch (action) {
    case "follow":
      return true;
    case "manage-own":
      return !!row && row.userId === actor.id;
    default:
      return false;
  }
}
