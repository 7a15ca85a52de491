/**
 * Route guards. Every loader and action that needs a session or a role calls one of these:
 * a layout loader does not run before a child's action, so the check lives in each.
 */
import { type AppLoadContext, redirect } from "react-router";
import type { Role } from "@db/schema";
import type { Actor } from "./auth.server";
import { securityEvent } from "~/lib/log.server";
import { safeRedirect } from "~/lib/http/redirect";

/** No session: to /login, remembering where the user wanted to go (same-site paths only). */
export async function requireActor(request: Request, context: AppLoadContext): Promise<Actor> {
  const actor = await context.getActor();
  if (actor) return actor;
  const url = new URL(request.url);
  const back = safeRedirect(url.pathname.replace(/\.data$/, "") + url.search, "");
  throw redirect(back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login");
}

/** Wrong role: to / with a logged warning. */
export async function requireRole(request: Request, context: AppLoadContext, roles: readonly Role[]): Promise<Actor> {
  const actor = await requireActor(request, context);
  if (!roles.includes(actor.role)) {
    securityEvent("access.role_denied", {
      userId: actor.id,
      role: actor.role,
      required: roles,
      path: new URL(request.url).pathname,
      requestId: context.requestId,
    });
    throw redirect("/");
  }
  return actor;
}

export const requireAdmin = (request: Request, context: AppLoadContext) => requireRole(request, context, ["admin"]);
export const requireMerchant = (request: Request, context: AppLoadContext) =>
  requireRole(request, context, ["merchant"]);
