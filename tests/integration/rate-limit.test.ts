import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dbKind, getDb } from "~/lib/db/db.server";
import {
  hit,
  limitWait,
  parseRule,
  rateLimitMiddleware,
  retryAfter,
  withRetryAfter,
} from "~/lib/http/rate-limit.server";

describe("rate limits", () => {
  it("parses configurable rules", () => {
    expect(parseRule("10/15m", { limit: 1, windowMs: 1 })).toEqual({ limit: 10, windowMs: 900_000 });
    expect(parseRule("off", { limit: 1, windowMs: 1 })).toBeNull();
    expect(() => parseRule("ten per minute", { limit: 1, windowMs: 1 })).toThrow(/Invalid rate limit/);
  });

  it("allows up to the limit, then refuses with a retry time", async () => {
    process.env.RATE_LIMIT_REPORT = "3/1m";
    const subject = `ip:test-${Math.random()}`;
    for (let i = 0; i < 3; i++) expect((await hit("report", subject)).allowed).toBe(true);
    const over = await hit("report", subject);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterSec).toBeGreaterThan(0);
    expect(over.retryAfterSec).toBeLessThanOrEqual(60);
    // Another subject has its own budget.
    expect((await hit("report", `${subject}-other`)).allowed).toBe(true);
  });

  it("tells an action how long to wait, and notes it for the request's Retry-After", async () => {
    process.env.RATE_LIMIT_CONTACT = "1/1m";
    const subject = `user:${Math.random()}`;
    const { result: first, wait: none } = await withRetryAfter(() => limitWait("contact", [subject]));
    expect(first).toBe(0);
    expect(none).toBe(0);
    const { result: second, wait } = await withRetryAfter(() => limitWait("contact", [subject]));
    expect(second).toBeGreaterThan(0);
    expect(second).toBeLessThanOrEqual(60);
    expect(wait).toBe(second);
    expect(new Headers(retryAfter(second).headers).get("Retry-After")).toBe(String(second));
  });

  it("keeps the counters in the database on PostgreSQL, shared by every process", async () => {
    process.env.RATE_LIMIT_REPORT = "5/1m";
    const subject = `ip:shared-${Math.random()}`;
    await hit("report", subject);
    await hit("report", subject);
    if ((await dbKind()) !== "postgres") return;
    const db = await getDb();
    const res = await db.execute(sql`select count from rate_limits where key = ${`report:${subject}`}`);
    expect((res as unknown as { rows: { count: number }[] }).rows[0].count).toBe(2);
  });

  it("counts the general ceiling in the process, without a database write per page", async () => {
    process.env.RATE_LIMIT_GENERAL = "2/1m";
    const subject = `ip:general-${Math.random()}`;
    expect((await hit("general", subject)).allowed).toBe(true);
    expect((await hit("general", subject)).allowed).toBe(true);
    expect((await hit("general", subject)).allowed).toBe(false);
    if ((await dbKind()) !== "postgres") return;
    const db = await getDb();
    const res = await db.execute(sql`select count(*)::int as n from rate_limits where key = ${`general:${subject}`}`);
    expect((res as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it("limits sign-in posts per client address in the HTTP middleware", async () => {
    process.env.RATE_LIMIT_AUTH = "2/1m";
    const mw = rateLimitMiddleware();
    const ip = `10.9.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
    const call = () =>
      new Promise<{ status?: number; retry?: string; next: boolean }>((resolve) => {
        const out: { status?: number; retry?: string; next: boolean } = { next: false };
        const res = {
          status(n: number) {
            out.status = n;
            return res;
          },
          set(k: string, v: string) {
            if (k === "Retry-After") out.retry = v;
            return res;
          },
          type() {
            return res;
          },
          send() {
            resolve(out);
          },
        };
        mw({ method: "POST", path: "/login", ip, socket: {} }, res, () => resolve({ ...out, next: true }));
      });
    expect((await call()).next).toBe(true);
    expect((await call()).next).toBe(true);
    const third = await call();
    expect(third.next).toBe(false);
    expect(third.status).toBe(429);
    expect(Number(third.retry)).toBeGreaterThan(0);
  });
});
