import type { Actor } from "~/lib/auth/auth.server";

type SettingsAction = "read" | "update";

/** Platform settings are read (keys masked) and changed by administrators only. */
export function can(actor: Pick<Actor, "role"> | null, _action: SettingsAction): boolean {
  return actor?.role === "admin";
}
