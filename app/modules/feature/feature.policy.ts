import type { Actor } from "~/lib/auth/auth.server";

type FeatureAction = "list" | "create" | "update" | "delete";

/** Features are managed by administrators only. */
export function can(actor: Actor | null, _action: FeatureAction): boolean {
  return actor?.role === "admin";
}
