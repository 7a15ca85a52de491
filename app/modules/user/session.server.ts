/** Signing in and out through better-auth, with security events and audit rows. */
import type { AppLoadContext } from "react-router";
import { getAuth } from "~/lib/auth/auth.server";
import { log, securityEvent } from "~/lib/log.server";
import { accountLock } from "~/lib/http/rate-limit.server";
import { recordEventSafely } from "~/modules/log/index.server";
import { findUserIdByEmail, rememberLocale } from "./user.server";

type SignInResult =
  | { ok: true; headers: Headers; role: string; userId: string }
  | { ok: false; retryAfterSec?: number };

/**
 * A failure never says whether the account exists (same message, same audit shape). An account with too many
 * recent failures is refused before its password is checked (rate-limit.server.ts `accountLock`), whether or
 * not it exists, so the lock says nothing about existence either.
 */
export async function signIn(
  email: string,
  password: string,
  request: Request,
  context: AppLoadContext,
): Promise<SignInResult> {
  const wait = await accountLock.retryAfter(email);
  if (wait > 0) {
    securityEvent("auth.sign_in_locked", { requestId: context.requestId, ip: context.ip, retryAfterSec: wait });
    return { ok: false, retryAfterSec: wait };
  }
  const auth = await getAuth();
  const headers = new Headers();
  const ua = request.headers.get("user-agent");
  if (ua) headers.set("user-agent", ua);
  headers.set("x-forwarded-for", context.ip);
  let response: Response;
  try {
    response = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers, asResponse: true });
  } catch {
    response = new Response(null, { status: 401 });
  }
  if (!response.ok) {
    const userId = await findUserIdByEmail(email).catch(() => null);
    const { failures, delaySeconds } = await accountLock.fail(email);
    securityEvent("auth.sign_in_failed", {
      requestId: context.requestId,
      ip: context.ip,
      known: !!userId,
      failures,
      lockedForSec: delaySeconds,
    });
    await recordEventSafely({
      userId,
      eventType: "auth.sign_in_failed",
      description: "Failed sign-in attempt",
      metadata: { ip: context.ip },
    });
    return { ok: false };
  }
  const body = (await response.json()) as { user?: { id: string; role?: string; email: string } };
  const user = body.user;
  if (!user) return { ok: false };
  await accountLock.clear(email);
  securityEvent("auth.sign_in", { requestId: context.requestId, userId: user.id, ip: context.ip });
  // The language of this sign-in is the one their mail goes out in.
  await rememberLocale(user.id, context.locale).catch((err) => log("warn", "language not remembered", { err }));
  await recordEventSafely({
    userId: user.id,
    eventType: "auth.sign_in",
    description: `${user.email} signed in`,
    metadata: { ip: context.ip },
  });
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return { ok: true, headers: out, role: user.role ?? "user", userId: user.id };
}

export async function signOut(request: Request, context: AppLoadContext): Promise<Headers> {
  const auth = await getAuth();
  const actor = await context.getActor();
  const out = new Headers();
  try {
    const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  } catch (err) {
    // docs/product.md: a failed logout is only logged; the cookies are cleared regardless.
    securityEvent("auth.sign_out_failed", { requestId: context.requestId, error: String(err) });
  }
  if (actor) {
    securityEvent("auth.sign_out", { requestId: context.requestId, userId: actor.id });
    await recordEventSafely({ userId: actor.id, eventType: "auth.sign_out", description: `${actor.email} signed out` });
  }
  if (![...out.keys()].length) {
    for (const name of ["bp.session_token", "__Secure-bp.session_token"]) {
      out.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    }
  }
  return out;
}
