/**
 * Fixed-window rate limits keyed on the client address (from the socket unless a proxy is trusted) or on
 * the signed-in user. On PostgreSQL the counters live in the rate_limits table, so every app process shares
 * them; on the embedded database (one process by construction) they live in memory.
 */
import { sql } from "drizzle-orm";
import { data } from "react-router";
import { dbKind, getDb } from "./db.server";
import { securityEvent } from "./log.server";

export type LimitRule = { limit: number; windowMs: number };

/** "10/15m", "600/1m", "30/1h"; "0" or "off" disables the rule. */
export function parseRule(value: string | undefined, fallback: LimitRule): LimitRule | null {
  if (!value) return fallback;
  if (value === "0" || value === "off") return null;
  const m = /^(\d+)\/(\d+)(s|m|h)$/.exec(value.trim());
  if (!m) throw new Error(`Invalid rate limit "${value}" (expected e.g. 10/15m)`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[m[3] as "s" | "m" | "h"];
  return { limit: Number(m[1]), windowMs: Number(m[2]) * unit };
}

export const RULES = {
  /** Sign-in, sign-up and password reset: tight, per address. */
  auth: () => parseRule(process.env.RATE_LIMIT_AUTH, { limit: 10, windowMs: 15 * 60_000 }),
  /** Report filing and the contact form, per user and per address. */
  report: () => parseRule(process.env.RATE_LIMIT_REPORT, { limit: 10, windowMs: 60 * 60_000 }),
  contact: () => parseRule(process.env.RATE_LIMIT_CONTACT, { limit: 5, windowMs: 60 * 60_000 }),
  /** The footer newsletter (each accepted request mails a confirmation), per address. */
  newsletter: () => parseRule(process.env.RATE_LIMIT_NEWSLETTER, { limit: 10, windowMs: 60 * 60_000 }),
  /** The open-data API (/api/v1), per address. */
  api: () => parseRule(process.env.RATE_LIMIT_API, { limit: 300, windowMs: 60_000 }),
  /** A general ceiling for every other request, per address. */
  general: () => parseRule(process.env.RATE_LIMIT_GENERAL, { limit: 1200, windowMs: 60_000 }),
} as const;

export type RuleName = keyof typeof RULES;
export type HitResult = { allowed: boolean; retryAfterSec: number; count: number };

const memory = new Map<string, { count: number; resetAt: number }>();
let lastSweep = 0;

function hitMemory(key: string, rule: LimitRule, now: number): HitResult {
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    for (const [k, v] of memory) if (v.resetAt <= now) memory.delete(k);
  }
  let entry = memory.get(key);
  if (!entry || entry.resetAt <= now) {
    entry = { count: 0, resetAt: now + rule.windowMs };
    memory.set(key, entry);
  }
  entry.count++;
  return {
    allowed: entry.count <= rule.limit,
    retryAfterSec: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)),
    count: entry.count,
  };
}

async function hitDatabase(key: string, rule: LimitRule): Promise<HitResult> {
  const db = await getDb();
  const interval = `${Math.round(rule.windowMs / 1000)} seconds`;
  const result = await db.execute<{ count: number; retry: number }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + ${interval}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + ${interval}::interval else rate_limits.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())))::int as retry`);
  const row = (result as unknown as { rows: { count: number; retry: number }[] }).rows[0];
  if (Math.random() < 0.001) {
    void db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`).catch(() => {});
  }
  return { allowed: row.count <= rule.limit, retryAfterSec: Math.max(1, row.retry), count: row.count };
}

export async function hit(rule: RuleName, subject: string): Promise<HitResult> {
  const r = RULES[rule]();
  if (!r) return { allowed: true, retryAfterSec: 0, count: 0 };
  const key = `${rule}:${subject}`;
  // The general ceiling is counted per process even on PostgreSQL: it guards against floods, needs no exact
  // count across instances, and a shared row per address would cost every page a write and serialise one
  // address's requests on a row lock. The limits that stop guessing (auth, reports, contact) are shared.
  if (rule !== "general" && (await dbKind()) === "postgres") return hitDatabase(key, r);
  return hitMemory(key, r, Date.now());
}

/** In an action: answer 429 with Retry-After when any of the subjects is over its limit. */
export async function enforce(rule: RuleName, subjects: string[], requestId?: string) {
  for (const subject of subjects) {
    const result = await hit(rule, subject);
    if (!result.allowed) {
      securityEvent("rate_limit.exceeded", { rule, subject: subject.replace(/^user:/, "user "), requestId });
      throw data(
        { ok: false, formError: "errors.tooManyRequests", fieldErrors: {}, params: {} },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSec) } },
      );
    }
  }
}

type Req = { method: string; path: string; ip?: string; socket: { remoteAddress?: string } };
type Res = { status(n: number): Res; set(k: string, v: string): Res; type(t: string): Res; send(b: string): void };

const AUTH_PATHS = new Set(["/login", "/register", "/forgot-password", "/reset-password"]);

/** Express middleware: tight limits on the auth forms, a general ceiling for everything else. */
export function rateLimitMiddleware() {
  return async (req: Req, res: Res, next: (err?: unknown) => void) => {
    try {
      const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const path = req.path.replace(/\.data$/, "");
      const rule: RuleName = req.method === "POST" && AUTH_PATHS.has(path) ? "auth" : "general";
      const result = await hit(rule, `ip:${ip}`);
      if (!result.allowed) {
        securityEvent("rate_limit.exceeded", { rule, ip, path });
        res.status(429).set("Retry-After", String(result.retryAfterSec)).type("text/plain").send("Too Many Requests");
        return;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
