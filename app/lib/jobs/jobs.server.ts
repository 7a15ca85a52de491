/**
 * Background work in the database: a `jobs` table claimed with `FOR UPDATE SKIP LOCKED` under a
 * lease, so any number of processes on one PostgreSQL share the work and a crashed process's jobs are taken
 * over when their lease runs out. On PGlite it is the same SQL in the one process.
 *
 * Using it from a module:
 *
 * ```ts
 * // app/modules/report/report.jobs.server.ts
 * registerJob<{ reportId: string }>("report.urgent-alert", async ({ reportId }, ctx) => { ... });
 * // in a command, in the same transaction as the change it is about:
 * await enqueue("report.urgent-alert", { reportId }, { dedupeKey: `report.urgent-alert:${reportId}` }, tx);
 * // recurring: enqueued once per period by whichever process sees the period first
 * registerRecurring("digest.weekly", { everyMs: WEEK, offsetMs: MONDAY_0700_UTC });
 * ```
 *
 * Guarantees and rules:
 * - **At least once.** A handler that throws is retried with exponential backoff (10 s, 20 s, 40 s … capped at
 *   an hour, with jitter) until `maxAttempts` (default 8), then the job is marked `failed` with its last error.
 *   Throw `PermanentJobError` to fail at once. A process that dies mid-job leaves it `running`; another claim
 *   takes it once its lease (`JOBS_LEASE_SECONDS`, default 600) has passed. So handlers must be idempotent:
 *   use dedupe keys for what they insert (the mail outbox has one) and guard state changes in SQL.
 * - **Dedupe.** `enqueue(..., { dedupeKey })` inserts nothing when a job with that key exists (in any status),
 *   so "once per report" or "once per week" holds across retries and processes.
 * - **Transactions.** Pass the caller's transaction to `enqueue` and the job exists only if the change commits.
 * - **Registration.** Handlers register from their module (lib never imports a module); the app lists the
 *   modules whose jobs run in `app/jobs.server.ts`, imported by the server entry and by scripts.
 * - **Pumps.** Other queues that live in their own table (the mail outbox) register a pump: a function that
 *   claims and processes a batch and says how many it handled. The worker runs each pump in its own loop.
 *
 * The worker starts at boot in every app process (`startWorker`, from bootstrap.server.ts; `JOBS_WORKER=false`
 * turns it off for a process) and `stopWorker` lets the current step finish on shutdown.
 */
import crypto from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { jobs } from "@db/schema";
import { ignoreWritesTo } from "~/lib/cache/cache.server";
import { type Db, type DbOrTx, dbKind, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";

type JobContext = {
  id: string;
  type: string;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
  db: Db;
  /** Pushes the lease further for a long job (another process takes over a job whose lease ran out). */
  extendLease(ms?: number): Promise<void>;
};
type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;
type Definition = { handler: JobHandler<unknown>; maxAttempts: number; baseDelayMs: number; maxDelayMs: number };
type Recurring = { type: string; everyMs: number; offsetMs: number; catchUpMs: number };
type Pump = () => Promise<number>;

// The queue's own rows are bookkeeping: claiming and finishing jobs (every poll) must not empty the page
// caches (cache.server.ts). What a handler writes to other tables still counts.
ignoreWritesTo("jobs");

/** A failure that retrying cannot fix (bad payload, row gone): the job is marked failed at once. */
export class PermanentJobError extends Error {}

type Registry = {
  handlers: Map<string, Definition>;
  recurring: Map<string, Recurring>;
  pumps: Map<string, Pump>;
  worker?: Worker;
};
// On globalThis so development reloads of a module replace its handler instead of losing the worker.
const g = globalThis as unknown as { __jobs?: Registry };
g.__jobs ??= { handlers: new Map(), recurring: new Map(), pumps: new Map() };
const registry: Registry = g.__jobs;

export function registerJob<P>(
  type: string,
  handler: JobHandler<P>,
  options: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number } = {},
) {
  registry.handlers.set(type, {
    handler: handler as JobHandler<unknown>,
    maxAttempts: options.maxAttempts ?? 8,
    baseDelayMs: options.baseDelayMs ?? 10_000,
    maxDelayMs: options.maxDelayMs ?? 3_600_000,
  });
}

/**
 * A job enqueued once per period: period n starts at `offsetMs + n * everyMs` (milliseconds since the epoch,
 * UTC). A period whose start is more than `catchUpMs` ago (the app was down) is skipped. The payload is
 * `{ periodStart }` (ISO string).
 */
export function registerRecurring(type: string, schedule: { everyMs: number; offsetMs?: number; catchUpMs?: number }) {
  registry.recurring.set(type, {
    type,
    everyMs: schedule.everyMs,
    offsetMs: schedule.offsetMs ?? 0,
    catchUpMs: schedule.catchUpMs ?? schedule.everyMs,
  });
}

export function registerPump(name: string, pump: Pump) {
  registry.pumps.set(name, pump);
}

type EnqueueOptions = { runAt?: Date; dedupeKey?: string; maxAttempts?: number };

/**
 * Adds a job; with `tx` it commits (or not) with the caller's transaction. Returns the new job's id, or null
 * when a job with the same dedupe key already exists.
 */
export async function enqueue(
  type: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
  tx?: DbOrTx,
): Promise<string | null> {
  const db = tx ?? (await getDb());
  const rows = await db
    .insert(jobs)
    .values({
      type,
      payload,
      runAt: options.runAt ?? new Date(),
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? registry.handlers.get(type)?.maxAttempts ?? 8,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  wakeWorker();
  return rows[0]?.id ?? null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type ClaimedJob = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
const leaseMs = () => env().JOBS_LEASE_SECONDS * 1000;

/** Claims up to `limit` due jobs (and jobs whose lease ran out) for this process. */
async function claim(db: Db, limit: number): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    with due as (
      select id from jobs
      where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
      order by run_at
      limit ${limit}
      for update skip locked
    )
    update jobs set status = 'running', attempts = jobs.attempts + 1, locked_by = ${workerId},
      locked_until = now() + interval '1 millisecond' * ${leaseMs()}::float8
    from due where jobs.id = due.id
    returning jobs.id, jobs.type, jobs.payload, jobs.attempts, jobs.max_attempts`);
  return rowsOf<ClaimedJob>(result);
}

export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.75 + random() * 0.5));
}

async function runClaimed(db: Db, job: ClaimedJob) {
  const def = registry.handlers.get(job.type);
  // The attempt count fences the outcome: if our lease ran out and another process re-claimed the job, our
  // late outcome changes nothing.
  const mine = sql`id = ${job.id} and attempts = ${job.attempts} and locked_by = ${workerId}`;
  const fail = async (err: unknown, permanent: boolean) => {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const last = permanent || job.attempts >= job.max_attempts;
    const delay = backoffMs(job.attempts, def?.baseDelayMs ?? 10_000, def?.maxDelayMs ?? 3_600_000);
    if (last) {
      await db.execute(sql`
        update jobs set status = 'failed', last_error = ${message}, locked_until = null, locked_by = null,
          finished_at = now()
        where ${mine}`);
    } else {
      await db.execute(sql`
        update jobs set status = 'pending', last_error = ${message}, locked_until = null, locked_by = null,
          run_at = now() + interval '1 millisecond' * ${delay}::float8
        where ${mine}`);
    }
    log(last ? "error" : "warn", last ? "job failed" : "job will be retried", {
      jobId: job.id,
      type: job.type,
      attempt: job.attempts,
      error: message,
    });
  };
  if (job.attempts > job.max_attempts) return fail(new Error("lease expired on the last attempt"), true);
  if (!def) return fail(new Error(`no handler registered for job type ${job.type}`), false);
  const ctx: JobContext = {
    id: job.id,
    type: job.type,
    attempt: job.attempts,
    maxAttempts: job.max_attempts,
    db,
    async extendLease(ms = leaseMs()) {
      await db.execute(
        sql`update jobs set locked_until = now() + interval '1 millisecond' * ${ms}::float8 where ${mine}`,
      );
    },
  };
  try {
    await def.handler(job.payload, ctx);
  } catch (err) {
    return fail(err, err instanceof PermanentJobError);
  }
  await db.execute(sql`
    update jobs set status = 'done', finished_at = now(), locked_until = null, locked_by = null, last_error = null
    where ${mine}`);
}

/** One step of the job loop: claim a batch and run it. Returns how many jobs ran. */
export async function runDueJobs(limit = env().JOBS_CONCURRENCY): Promise<number> {
  const db = await getDb();
  const claimed = await claim(db, limit);
  await Promise.all(claimed.map((job) => runClaimed(db, job)));
  return claimed.length;
}

/** Enqueues the current period of every recurring job (at most once per period, whoever comes first). */
export async function scheduleRecurring(now = new Date()): Promise<void> {
  for (const r of registry.recurring.values()) {
    const period = Math.floor((now.getTime() - r.offsetMs) / r.everyMs);
    const start = r.offsetMs + period * r.everyMs;
    if (now.getTime() - start > r.catchUpMs) continue;
    await enqueue(r.type, { periodStart: new Date(start).toISOString() }, { dedupeKey: `${r.type}@${start}` });
  }
}

/** Runs jobs and pumps until nothing is due (tests, scripts). Returns how many steps did work. */
export async function drainJobs(options: { timeoutMs?: number; now?: Date } = {}): Promise<number> {
  const until = Date.now() + (options.timeoutMs ?? 60_000);
  let total = 0;
  for (;;) {
    let did = await runDueJobs();
    for (const pump of registry.pumps.values()) did += await pump();
    total += did;
    if (did === 0) return total;
    if (Date.now() > until) throw new Error("drainJobs: still busy after the timeout");
  }
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The worker: one loop for jobs (with the recurring schedule), one per pump, each sleeping when idle.          */

type Worker = { stop(): Promise<void>; wake(): void };

/** Wakes this process's worker loops (after an enqueue): work queued here starts without waiting for a poll. */
export function wakeWorker() {
  registry.worker?.wake();
}

export function startWorker(options: { pollMs?: number } = {}): Worker {
  if (registry.worker) return registry.worker;
  const pollMs = options.pollMs ?? env().JOBS_POLL_MS;
  let stopped = false;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  const wakeAll = () => {
    for (const s of [...sleepers]) s();
  };
  // An enqueue inside a transaction is visible only after the commit: look again shortly after a wake-up.
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    wakeAll();
    clearTimeout(wakeTimer);
    wakeTimer = setTimeout(wakeAll, 50);
  };

  let lastSchedule = 0;
  const loop = async (name: string, step: () => Promise<number>) => {
    let failures = 0;
    while (!stopped) {
      let did = 0;
      try {
        did = await step();
        failures = 0;
      } catch (err) {
        failures++;
        log("error", "worker step failed", { loop: name, err });
        await sleep(Math.min(30_000, 500 * 2 ** failures));
        continue;
      }
      if (did === 0 && !stopped) await sleep(pollMs);
    }
  };

  const running = (async () => {
    if ((await dbKind()) === "pglite") {
      // One process owns an embedded database: whatever it had claimed before a crash is not being worked on.
      const db = await getDb();
      await db.execute(sql`update jobs set status = 'pending', locked_until = null, locked_by = null
        where status = 'running'`);
    }
    await Promise.all([
      loop("jobs", async () => {
        if (Date.now() - lastSchedule > 30_000) {
          lastSchedule = Date.now();
          await scheduleRecurring();
        }
        return runDueJobs();
      }),
      ...[...registry.pumps.entries()].map(([name, pump]) => loop(name, pump)),
    ]);
  })().catch((err) => log("error", "worker stopped", { err }));

  const worker: Worker = {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(wakeTimer);
      wakeAll();
      await running;
      if (registry.worker === worker) registry.worker = undefined;
    },
  };
  registry.worker = worker;
  log("info", "job worker started", { workerId, pumps: [...registry.pumps.keys()] });
  return worker;
}

/* Housekeeping: finished jobs are kept two weeks (for the record), then deleted. */
registerRecurring("jobs.prune", { everyMs: 86_400_000, offsetMs: 3 * 3_600_000 });
registerJob("jobs.prune", async (_payload, { db }) => {
  await db.execute(
    sql`delete from jobs where status in ('done', 'failed') and finished_at < now() - interval '14 days'`,
  );
});

export async function stopWorker() {
  await registry.worker?.stop();
}
