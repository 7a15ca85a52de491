/**
 * /readyz's verdict: ready on a migrated database; not ready while a migration this build ships is missing,
 * nor once the process drains (graceful shutdown).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db/db.server";
import { readiness, startDraining } from "~/lib/ops/readiness.server";

describe("readiness", () => {
  it("follows the migrations and the draining", async () => {
    expect(await readiness()).toEqual({ ready: true });
    const db = await getDb();
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await readiness()).toEqual({ ready: false, reason: "migrations" });
    startDraining();
    expect(await readiness()).toEqual({ ready: false, reason: "draining" });
  });
});
