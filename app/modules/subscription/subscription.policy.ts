import type { Actor } from "~/lib/auth/auth.server";

type SubscriptionAction = "list" | "create" | "update" | "delete";

/** Subscriptions are managed by administrators only. */
export function can(actor: Actor | null, _action: SubscriptionAction): boolean {
  return actor?.role === "admin";
}
