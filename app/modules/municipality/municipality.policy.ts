import type { Actor } from "~/lib/auth/auth.server";

type MunicipalityAction = "read" | "list-all" | "create" | "update" | "delete";

/** Anyone reads active municipalities; only administrators see inactive ones or change any. */
export function can(actor: Actor | null, action: MunicipalityAction): boolean {
  if (action === "read") return true;
  return actor?.role === "admin";
}
