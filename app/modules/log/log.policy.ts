import type { Actor } from "~/lib/auth/auth.server";

type LogAction = "list";

/** The audit log is read by administrators only, and written by no one through the panel. */
export function can(actor: Pick<Actor, "role"> | null, _action: LogAction): boolean {
  return actor?.role === "admin";
}
