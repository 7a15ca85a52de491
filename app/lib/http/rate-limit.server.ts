/**
 * Fixed-window rate limits keyed on the client address (from the socket unless a proxy is trusted; IPv6
 * clients grouped by their /64) or on the signed-in user. On PostgreSQL the counters live in the rate_limits
 * table, so every app process shares them; on the embedded database (one process by construction) they live
 * in memory.
 *
 * Limits that stop guessing are applied where the action runs (`limitWait` in the action), never by comparing
 * the URL: React Router also matches /LOGIN, /login/ and percent-encoded spellings. Sign-in
 * failures are counted per account too (`accountLock`), so rotating addresses does not help either.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { getAuthSecret } from "~/lib/auth/auth.server";
import { dbKind, getDb } from "~/lib/db/db.server";
import { securityEvent } from "~/lib/log.server";
import { clientGroup } from "./net";

type LimitRule = { limit: number; windowMs: number };

/** "10/15m", "600/1m", "30/1h"; "0" or "off" disables the rule. */
export function parseRule(value: string | undefined, fallback: LimitRule): LimitRule | null {
  if (!value) return fallback;
  if (value === "0" || value === "off") return null;
  const m = /^(\d+)\/(\d+)(s|m|h)$/.exec(value.trim());
  if (!m) throw new Error(`Invalid rate limit "${value}" (expected e.g. 10/15m)`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[m[3] as "s" | "m" | "h"];
  return { limit: Number(m[1]), windowMs: Number(m[2]) * unit };
}

const RULES = {
  /** Sign-in, sign-up and password reset (requested and used), in their actions: tight, per address. */
  auth: () => parseRule(process.env.RATE_LIMIT_AUTH, { limit: 10, windowMs: 15 * 60_000 }),
  /** Report filing and the contact form, per user and per address. */
  report: () => parseRule(process.env.RATE_LIMIT_REPORT, { limit: 10, windowMs: 60 * 60_000 }),
  contact: () => parseRule(process.env.RATE_LIMIT_CONTACT, { limit: 5, windowMs: 60 * 60_000 }),
  /** The footer newsletter (each accepted request mails a confirmation), per address. */
  newsletter: () => parseRule(process.env.RATE_LIMIT_NEWSLETTER, { limit: 10, windowMs: 60 * 60_000 }),
  /** Image uploads, per user and per address. */
  upload: () => parseRule(process.env.RATE_LIMIT_UPLOAD, { limit: 60, windowMs: 60 * 60_000 }),
  /** Voucher code checks at the counter, per merchant and per address: codes cannot be guessed. */
  voucher: () => parseRule(process.env.RATE_LIMIT_VOUCHER, { limit: 60, windowMs: 15 * 60_000 }),
  /**
   * Open311 service requests posted with one API key (/open311/v2), per key: a runaway or leaked key cannot
   * flood the moderation queue. Its reads are counted per address under `api`.
   */
  open311: () => parseRule(process.env.RATE_LIMIT_OPEN311, { limit: 1000, windowMs: 60 * 60_000 }),
  /** The open-data API (/api/v1) and Open311's reads, per address. */
  api: () => parseRule(process.env.RATE_LIMIT_API, { limit: 300, windowMs: 60_000 }),
  /** A general ceiling for every other request, per address. */
  general: () => parseRule(process.env.RATE_LIMIT_GENERAL, { limit: 1200, windowMs: 60_000 }),
} as const;

type RuleName = keyof typeof RULES;
type HitResult = { allowed: boolean; retryAfterSec: number; count: number };

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

/**
 * The longest wait a limit told the current request (0: none). A loader's or action's own headers reach a
 * page's answer only through a route's `headers` export, so a form that answers 429 could not carry its
 * Retry-After; the HTTP layer reads this instead and puts it on every 429 (app/server/http.server.ts).
 */
const waits = new AsyncLocalStorage<{ seconds: number }>();

/** Runs one request's handling with its own record of waits; `wait()` is the longest one noted. */
export async function withRetryAfter<T>(fn: () => Promise<T>): Promise<{ result: T; wait: number }> {
  const store = { seconds: 0 };
  const result = await waits.run(store, fn);
  return { result, wait: store.seconds };
}

/** Notes that the current request must wait this long before trying again (a limit, a lock, a daily quota). */
export function noteRetryAfter(seconds: number) {
  const store = waits.getStore();
  if (store && seconds > store.seconds) store.seconds = Math.ceil(seconds);
}

export async function hit(rule: RuleName, subject: string): Promise<HitResult> {
  const r = RULES[rule]();
  if (!r) return { allowed: true, retryAfterSec: 0, count: 0 };
  const key = `${rule}:${subject}`;
  // The general ceiling is counted per process even on PostgreSQL: it guards against floods, needs no exact
  // count across instances, and a shared row per address would cost every page a write and serialise one
  // address's requests on a row lock. The limits that stop guessing (auth, reports, contact) are shared.
  const result =
    rule !== "general" && (await dbKind()) === "postgres" ? await hitDatabase(key, r) : hitMemory(key, r, Date.now());
  if (!result.allowed) noteRetryAfter(result.retryAfterSec);
  return result;
}

/**
 * In an action: 0 when the request may go on, else the seconds to wait before trying again once any of the
 * subjects is over its limit (the action answers 429 with `retryAfter(wait)` in its own shape).
 */
export async function limitWait(rule: RuleName, subjects: string[], requestId?: string): Promise<number> {
  for (const subject of subjects) {
    const result = await hit(rule, subject);
    if (!result.allowed) {
      securityEvent("rate_limit.exceeded", { rule, subject: subject.replace(/^user:/, "user "), requestId });
      return result.retryAfterSec;
    }
  }
  return 0;
}

/**
 * Sign-in, sign-up and password reset: called first thing in those actions, whatever URL reached them.
 * Returns 0 when the request may go on, else the seconds to wait (the action answers 429 in its form).
 */
export async function authLimitWait(ip: string, requestId?: string): Promise<number> {
  const result = await hit("auth", addressSubject(ip));
  if (result.allowed) return 0;
  securityEvent("rate_limit.exceeded", { rule: "auth", ip, requestId });
  return result.retryAfterSec;
}

/** The headers of a 429 answer. */
export const retryAfter = (seconds: number) => ({ status: 429, headers: { "Retry-After": String(seconds) } });

/** The rate-limit subject of a client address ("ip:1.2.3.4", "ip:2001:db8:1:2::/64"). */
export function addressSubject(ip: string): string {
  return `ip:${clientGroup(ip)}`;
}

/**
 * Per-account sign-in failures. The first FREE_FAILURES failures cost nothing; each further one
 * locks the account's sign-in for a delay that doubles from FIRST_DELAY_S up to MAX_DELAY_S. A locked account
 * is refused before its password is checked, whoever asks and from wherever. The count is kept under a keyed
 * hash of the address (no email stored) for a day after the last failure, on both databases.
 */
const ACCOUNT_LOCK = { freeFailures: 5, firstDelayS: 30, maxDelayS: 15 * 60, forgetAfterH: 24 };

export function lockDelaySeconds(failures: number): number {
  const beyond = failures - ACCOUNT_LOCK.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(ACCOUNT_LOCK.maxDelayS, ACCOUNT_LOCK.firstDelayS * 2 ** (beyond - 1));
}

/** Keyed with the auth secret, so keys are the same in every process and after a restart. */
async function accountKey(email: string): Promise<string> {
  const secret = await getAuthSecret();
  return crypto.createHmac("sha256", secret).update(`sign-in:${email.trim().toLowerCase()}`).digest("base64url");
}

type Rows<T> = { rows: T[] };

export const accountLock = {
  /** Seconds until the account may try again, or 0. */
  async retryAfter(email: string): Promise<number> {
    const db = await getDb();
    const key = await accountKey(email);
    const res = (await db.execute(sql`
      select ceil(extract(epoch from (locked_until - now())))::int as wait
      from sign_in_failures where key = ${key} and expires_at > now()`)) as unknown as Rows<{ wait: number }>;
    const wait = Math.max(0, res.rows[0]?.wait ?? 0);
    if (wait > 0) noteRetryAfter(wait);
    return wait;
  },
  /** One more failure; returns the new count and the delay it starts. */
  async fail(email: string): Promise<{ failures: number; delaySeconds: number }> {
    const db = await getDb();
    const key = await accountKey(email);
    const forget = `${ACCOUNT_LOCK.forgetAfterH} hours`;
    const res = (await db.execute(sql`
      insert into sign_in_failures (key, failures, locked_until, expires_at)
      values (${key}, 1, now(), now() + ${forget}::interval)
      on conflict (key) do update set
        failures = case when sign_in_failures.expires_at <= now() then 1 else sign_in_failures.failures + 1 end,
        expires_at = now() + ${forget}::interval
      returning failures`)) as unknown as Rows<{ failures: number }>;
    const failures = res.rows[0].failures;
    const delaySeconds = lockDelaySeconds(failures);
    if (delaySeconds > 0) {
      await db.execute(
        sql`update sign_in_failures set locked_until = now() + ${`${delaySeconds} seconds`}::interval where key = ${key}`,
      );
    }
    if (Math.random() < 0.01) {
      void db.execute(sql`delete from sign_in_failures where expires_at < now()`).catch(() => {});
    }
    return { failures, delaySeconds };
  },
  async clear(email: string): Promise<void> {
    const db = await getDb();
    await db.execute(sql`delete from sign_in_failures where key = ${await accountKey(email)}`);
  },
};

type Req = { method: string; path: string; ip?: string; socket: { remoteAddress?: string } };
type Res = { status(n: number): Res; set(k: string, v: string): Res; type(t: string): Res; send(b: string): void };

/**
 * Express middleware: the general ceiling for every request, per client address. The tight limits on
 * sign-in, sign-up and password reset are applied in those actions (`authLimitWait`), whatever URL
 * spelling reached them.
 */
export function rateLimitMiddleware() {
  return async (req: Req, res: Res, next: (err?: unknown) => void) => {
    try {
      const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const result = await hit("general", addressSubject(ip));
      if (!result.allowed) {
        securityEvent("rate_limit.exceeded", { rule: "general", ip, path: req.path });
        res.status(429).set("Retry-After", String(result.retryAfterSec)).type("text/plain").send("Too Many Requests");
        return;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
