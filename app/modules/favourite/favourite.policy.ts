import type { Actor } from "~/lib/auth/auth.server";

/** Favourites are the signed-in user's own: nobody else reads or changes them (a guest's stay in the browser). */
export function can(actor: Actor | null, _action: "read-own" | "change-own"): boolean {
  return !!actor;
}
