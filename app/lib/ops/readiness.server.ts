/**
 * Readiness, for a load balancer: `GET /readyz` is 200 only while this process should get new requests, that is
 * when the database answers, every migration this build ships has been applied to it, and the process is not
 * draining (shutting down). `/healthz` stays the liveness probe (the process and its database answer).
 */
import fs from "node:fs";
import path from "node:path";
import type { Request, Response } from "express";
import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/db.server";

export const READY_PATH = "/readyz";

let draining = false;
/** From now on /readyz says 503: the load balancer stops sending new requests here. */
export function startDraining() {
  draining = true;
}

let newestMigration: number | undefined;
/** The `when` of the newest migration in db/migrations/meta/_journal.json (what drizzle records as created_at). */
function newestShipped(): number {
  if (newestMigration === undefined) {
    const file = path.resolve(process.cwd(), "db/migrations/meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(file, "utf8")) as { entries: { when: number }[] };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

type Verdict = { ready: boolean; reason?: "draining" | "database" | "migrations" };

export async function readiness(): Promise<Verdict> {
  if (draining) return { ready: false, reason: "draining" };
  let applied: number;
  try {
    const db = await getDb();
    const result = (await db.execute(
      sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows?: { newest: string }[] } | { newest: string }[];
    const rows = Array.isArray(result) ? result : (result.rows ?? []);
    applied = Number(rows[0]?.newest ?? 0);
  } catch {
    return { ready: false, reason: "database" };
  }
  if (applied < newestShipped()) return { ready: false, reason: "migrations" };
  return { ready: true };
}

/** `GET /readyz`: carries no data, so any Host and any client may ask. */
export async function readyHandler(_req: Request, res: Response) {
  const verdict = await readiness();
  res
    .status(verdict.ready ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json(verdict.ready ? { status: "ready" } : { status: "unavailable", reason: verdict.reason });
}
