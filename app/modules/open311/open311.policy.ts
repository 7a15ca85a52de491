import type { Actor } from "~/lib/auth/auth.server";

type Open311Action = "list-keys" | "issue-key" | "revoke-key";

/**
 * Open311 API keys are issued, listed and revoked by administrators only. The API itself needs no actor: its
 * reads are public (approved reports only) and a POST is authenticated by its key, never by a session.
 */
export function can(actor: Actor | null, _action: Open311Action): boolean {
  return actor?.role === "admin";
}
