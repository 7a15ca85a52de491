/** The admin panel's one rule: only administrators manage the platform (SPEC §6). */
import type { Actor } from "~/lib/auth.server";
import { ForbiddenError } from "~/lib/errors";

export function isAdmin(actor: Actor | null | undefined): actor is Actor {
  return actor?.role === "admin";
}

/** Throws ForbiddenError unless the actor is an administrator. */
export function assertAdmin(actor: Actor | null | undefined): asserts actor is Actor {
  if (!isAdmin(actor)) throw new ForbiddenError();
}
