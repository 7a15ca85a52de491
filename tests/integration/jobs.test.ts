/**
 * The job queue (app/lib/jobs/jobs.server.ts) on a real database: claim with SKIP LOCKED, retries with backoff,
 * permanent failure, dedupe keys, transactions, leases taken over after a crash, recurring periods.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { jobs } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import {
  PermanentJobError,
  backoffMs,
  drainJobs,
  enqueue,
  registerJob,
  registerRecurring,
  runDueJobs,
  scheduleRecurring,
  startWorker,
  stopWorker,
} from "~/lib/jobs/jobs.server";

const ran: string[] = [];
registerJob<{ n: number }>("test.ok", async ({ n }) => {
  ran.push(`ok:${n}`);
});
let flaky = 0;
registerJob("test.flaky", async () => {
  flaky++;
  if (flaky < 3) throw new Error(`flaky failure ${flaky}`);
});
registerJob(
  "test.broken",
  async () => {
    throw new Error("always broken");
  },
  { maxAttempts: 2 },
);
registerJob("test.permanent", async () => {
  throw new PermanentJobError("bad payload");
});

const row = async (id: string | null) => {
  const db = await getDb();
  const [r] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, id as string));
  return r;
};
/** Makes a job due now (instead of waiting for its backoff). */
const dueNow = async (id: string | null) => {
  const db = await getDb();
  await db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id as string));
};

afterAll(async () => {
  await stopWorker();
});

describe("job queue", () => {
  it("runs a job once and marks it done", async () => {
    const id = await enqueue("test.ok", { n: 1 });
    expect(await runDueJobs()).toBeGreaterThanOrEqual(1);
    expect(ran).toContain("ok:1");
    const r = await row(id);
    expect(r.status).toBe("done");
    expect(r.attempts).toBe(1);
    expect(r.finishedAt).toBeTruthy();
    expect(await runDueJobs()).toBe(0);
    expect(ran.filter((x) => x === "ok:1")).toHaveLength(1);
  });

  it("waits for runAt", async () => {
    const id = await enqueue("test.ok", { n: 2 }, { runAt: new Date(Date.now() + 60_000) });
    await runDueJobs();
    expect((await row(id)).status).toBe("pending");
    await dueNow(id);
    await runDueJobs();
    expect((await row(id)).status).toBe("done");
  });

  it("retries a failing job with a growing delay, then succeeds", async () => {
    const id = await enqueue("test.flaky");
    await runDueJobs();
    let r = await row(id);
    expect(r.status).toBe("pending");
    expect(r.lastError).toBe("flaky failure 1");
    const firstDelay = r.runAt.getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(5_000);
    await dueNow(id);
    await runDueJobs();
    r = await row(id);
    expect(r.status).toBe("pending");
    await dueNow(id);
    await runDueJobs();
    r = await row(id);
    expect(r.status).toBe("done");
    expect(r.attempts).toBe(3);
    expect(r.lastError).toBeNull();
  });

  it("backoff doubles per attempt within a jitter of ±25 %, up to the cap", () => {
    const mid = () => 0.5;
    expect(backoffMs(1, 10_000, 3_600_000, mid)).toBe(10_000);
    expect(backoffMs(2, 10_000, 3_600_000, mid)).toBe(20_000);
    expect(backoffMs(4, 10_000, 3_600_000, mid)).toBe(80_000);
    expect(backoffMs(30, 10_000, 3_600_000, mid)).toBe(3_600_000);
    expect(backoffMs(1, 10_000, 3_600_000, () => 0)).toBe(7_500);
    expect(backoffMs(1, 10_000, 3_600_000, () => 1)).toBe(12_500);
  });

  it("marks a job failed after its last attempt, and at once on a permanent error", async () => {
    const broken = await enqueue("test.broken");
    await runDueJobs();
    await dueNow(broken);
    await runDueJobs();
    const b = await row(broken);
    expect(b.status).toBe("failed");
    expect(b.attempts).toBe(2);
    expect(b.lastError).toBe("always broken");
    await dueNow(broken);
    await runDueJobs();
    expect((await row(broken)).attempts).toBe(2);

    const permanent = await enqueue("test.permanent");
    await runDueJobs();
    const p = await row(permanent);
    expect(p.status).toBe("failed");
    expect(p.attempts).toBe(1);
  });

  it("an unknown job type is retried (another version of the app may know it), not lost", async () => {
    const id = await enqueue("test.nobody-handles-this");
    await runDueJobs();
    const r = await row(id);
    expect(r.status).toBe("pending");
    expect(r.lastError).toMatch(/no handler/);
  });

  it("a dedupe key makes a second enqueue a no-op", async () => {
    const a = await enqueue("test.ok", { n: 3 }, { dedupeKey: "test:once" });
    const b = await enqueue("test.ok", { n: 3 }, { dedupeKey: "test:once" });
    expect(a).toBeTruthy();
    expect(b).toBeNull();
    await drainJobs();
    expect(ran.filter((x) => x === "ok:3")).toHaveLength(1);
    // Still a no-op after the first one ran.
    expect(await enqueue("test.ok", { n: 3 }, { dedupeKey: "test:once" })).toBeNull();
  });

  it("a job enqueued in a transaction exists only if it commits", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await enqueue("test.ok", { n: 4 }, { dedupeKey: "test:rolled-back" }, tx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const [none] = await db.select().from(jobs).where(eq(jobs.dedupeKey, "test:rolled-back"));
    expect(none).toBeUndefined();
    await db.transaction(async (tx) => {
      await enqueue("test.ok", { n: 5 }, { dedupeKey: "test:committed" }, tx);
    });
    const [one] = await db.select().from(jobs).where(eq(jobs.dedupeKey, "test:committed"));
    expect(one.status).toBe("pending");
    await drainJobs();
  });

  it("a job whose process died (lease run out) is taken over and run again", async () => {
    const db = await getDb();
    const id = await enqueue("test.ok", { n: 6 });
    // What a crashed process leaves: claimed, running, lease in the past.
    await db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedBy: "dead-process", lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id as string));
    await runDueJobs();
    const r = await row(id);
    expect(r.status).toBe("done");
    expect(r.attempts).toBe(2);
    expect(ran).toContain("ok:6");
  });

  it("a running job whose lease has not run out is left alone", async () => {
    const db = await getDb();
    const id = await enqueue("test.ok", { n: 7 });
    await db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedBy: "live-process", lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(jobs.id, id as string));
    await runDueJobs();
    expect((await row(id)).status).toBe("running");
    expect(ran).not.toContain("ok:7");
    await db.delete(jobs).where(eq(jobs.id, id as string));
  });

  it("two claims at once never take the same job (FOR UPDATE SKIP LOCKED)", async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => enqueue("test.ok", { n: 100 + i })));
    await Promise.all([runDueJobs(4), runDueJobs(4), runDueJobs(4), runDueJobs(4)]);
    await drainJobs();
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
    for (let i = 0; i < 12; i++) expect(ran.filter((x) => x === `ok:${100 + i}`)).toHaveLength(1);
  });

  it("a recurring job is enqueued once per period, by whoever comes first", async () => {
    registerRecurring("test.weekly", { everyMs: 7 * 86_400_000, offsetMs: 4 * 86_400_000 + 7 * 3_600_000 });
    const seen: string[] = [];
    registerJob<{ periodStart: string }>("test.weekly", async ({ periodStart }) => {
      seen.push(periodStart);
    });
    // Monday 9 March 2026, 08:00 UTC, then the same week, then the next Monday.
    await scheduleRecurring(new Date("2026-03-09T08:00:00Z"));
    await scheduleRecurring(new Date("2026-03-11T12:00:00Z"));
    await scheduleRecurring(new Date("2026-03-16T07:30:00Z"));
    await drainJobs();
    expect(seen).toEqual(["2026-03-09T07:00:00.000Z", "2026-03-16T07:00:00.000Z"]);
  });

  it("the worker picks up an enqueued job by itself and stops cleanly", async () => {
    startWorker({ pollMs: 100 });
    await enqueue("test.ok", { n: 8 });
    await expect.poll(() => ran.includes("ok:8"), { timeout: 5_000 }).toBe(true);
    await stopWorker();
    await enqueue("test.ok", { n: 9 });
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).not.toContain("ok:9");
    await drainJobs();
  });
});
