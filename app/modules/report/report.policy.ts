import type { Actor } from "~/lib/auth/auth.server";
import type { ReportStatus } from "@db/schema/enums";

type ReportAction = "file" | "read-approved" | "read-own" | "read-all" | "moderate" | "resolve" | "delete";

/**
 * docs/product.md: anyone reads approved reports; any signed-in user files one (it starts pending); only
 * administrators see pending or rejected reports, moderate them and delete them. A reporter sees their own
 * reports in any status (My reports), never anyone else's. Administrators mark approved reports resolved.
 */
export function can(
  actor: Actor | null,
  action: ReportAction,
  row?: { status: ReportStatus | string; reporterId?: string | null },
): boolean {
  switch (action) {
    case "read-own":
      return !!actor && (!row || row.reporterId === actor.id);
    case "read-approved":
      return row ? row.status === "approved" || actor?.role === "admin" : true;
    case "file":
      return !!actor;
    case "read-all":
    case "moderate":
    case "delete":
      return actor?.role === "admin";
    // Only an approved report has a life to close: a pending one is moderated, a rejected one is over.
    case "resolve":
      return actor?.role === "admin" && (!row || row.status === "approved");
    default:
      return false;
  }
}

/** Types shown in red; only "informative" is blue. */
export function isUrgentType(type: string): boolean {
  return type !== "informative";
}

/** Reporters with these roles are flagged as an authority. */
export function isAuthorityRole(role: string | null | undefined): boolean {
  return role === "admin" || role === "merchant";
}
