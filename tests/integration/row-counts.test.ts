/**
 * The kept row counts (migration 0002) against count(*), through inserts, bulk inserts, deletes, cascades
 * and rolled-back transactions, and the admin list totals that read them.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promotions, reports } from "@db/schema";
import { type CountedTable, compactRowCounts, tableCount } from "~/lib/db/counts.server";
import { dbKind, getDb } from "~/lib/db/db.server";
import { deleteMerchant } from "~/modules/merchant/merchant.admin.server";
import { listReportsForAdmin } from "~/modules/report/report.admin.server";
import { listUsers } from "~/modules/user/user.admin.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const TABLES: CountedTable[] = ["users", "merchants", "promotions", "events", "reports", "platform_event_logs"];

async function exact(table: CountedTable): Promise<number> {
  const db = await getDb();
  const res = await db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
  return (res as unknown as { rows: { n: number }[] }).rows[0].n;
}

async function expectKeptCountsExact() {
  const db = await getDb();
  for (const table of TABLES) expect(await tableCount(db, table), table).toBe(await exact(table));
}

describe("kept row counts", () => {
  it("follow inserts, bulk inserts, deletes, cascades and rollbacks", async () => {
    const db = await getDb();
    await expectKeptCountsExact();
    const town = await makeMunicipality();
    const merchant = await makeUser("merchant", { municipalityId: town.id });
    const admin = await makeUser("admin");
    await expectKeptCountsExact();

    const promo = (i: number) => ({
      merchantId: merchant.id,
      municipalityId: town.id,
      title: `Deal ${i}`,
      description: "Bread",
      validUntil: "2031-01-01",
      category: "Shopping",
      price: "€1",
    });
    await db.insert(promotions).values(Array.from({ length: 25 }, (_, i) => promo(i)));
    await db.insert(reports).values(
      Array.from({ length: 7 }, () => ({
        municipalityId: town.id,
        type: "fire" as const,
        description: "Smoke over the market square",
        status: "approved" as const,
      })),
    );
    await expectKeptCountsExact();

    // A rolled-back insert leaves the count as it was.
    await db
      .transaction(async (tx) => {
        await tx.insert(promotions).values(promo(99));
        throw new Error("roll back");
      })
      .catch(() => {});
    await expectKeptCountsExact();

    // Deleting the merchant cascades to its promotions; the counts follow the cascade.
    await deleteMerchant(await actorFor(admin), merchant.id);
    await expectKeptCountsExact();

    // Folding the deltas into row_counts changes no count and leaves no delta behind.
    await compactRowCounts(db);
    await expectKeptCountsExact();
    const left = await db.execute(sql`select count(*)::int as n from row_count_deltas`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    await db.insert(reports).values({ municipalityId: town.id, type: "fire", description: "After the fold" });
    await expectKeptCountsExact();
  });

  it("let concurrent writers insert without waiting for each other's commit (PostgreSQL)", async () => {
    if ((await dbKind()) !== "postgres") return; // one connection: PGlite runs one transaction at a time
    const db = await getDb();
    const town = await makeMunicipality();
    const report = { municipalityId: town.id, type: "fire" as const, description: "Smoke near the station" };
    let commitFirst = () => {};
    const held = new Promise<void>((r) => {
      commitFirst = r;
    });
    let inserted = () => {};
    const firstInserted = new Promise<void>((r) => {
      inserted = r;
    });
    // The first transaction inserts a report and stays open.
    const first = db.transaction(async (tx) => {
      await tx.insert(reports).values(report);
      inserted();
      await held;
    });
    await firstInserted;
    // The second inserts one too, refusing to wait for any lock longer than 300 ms: with one counter row per
    // table it would wait for the first transaction's commit and fail.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '300ms'`);
      await tx.insert(reports).values(report);
    });
    commitFirst();
    await first;
    await expectKeptCountsExact();
  });

  it("give the admin lists their totals, with and without a search", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const users = await listUsers(admin, {});
    expect(users.total).toBe(await exact("users"));
    const all = await listReportsForAdmin(admin, {});
    expect(all.total).toBe(await exact("reports"));
    const none = await listReportsForAdmin(admin, { q: "no report says this 5b1f" });
    expect(none.total).toBe(0);
  });
});
