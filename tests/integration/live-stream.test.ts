/**
 * The live stream's events (migration 0011): the triggers add one row per new item of a
 * municipality, in order, and `liveEventsAfter` reads what a reader missed, with current labels; pending
 * reports, merchants' accounts and history imported with old dates are not live events.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reports } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { latestLiveCursor, liveEventsAfter } from "~/modules/live/live.server";
import { approvedReportsByIds } from "~/modules/report/report.server";
import { makeMunicipality, makeUser } from "../factories";
import { makeEvent, makeMerchant, makePromotion, makeReport } from "./public-helpers";

describe("live events", () => {
  it("records new items in order, per municipality, and reads them after a cursor", async () => {
    const town = await makeMunicipality();
    const elsewhere = await makeMunicipality();
    const start = await latestLiveCursor();
    const merchant = await makeMerchant(town.id);
    const promotion = await makePromotion(merchant.id, town.id, { title: "Fresh bread", createdAt: new Date() });
    const event = await makeEvent(merchant.id, town.id, { title: "Market day", createdAt: new Date() });
    await makeUser("user", { municipalityId: town.id, name: "Anna Peeters" });
    const other = await makeMerchant(elsewhere.id);
    await makePromotion(other.id, elsewhere.id, { title: "Elsewhere", createdAt: new Date() });
    // History with old dates is not live.
    await makePromotion(merchant.id, town.id, { title: "Old", createdAt: new Date(Date.now() - 3 * 3_600_000) });

    const rows = await liveEventsAfter(start, town.id);
    const kinds = rows.map((r) => r.kind);
    expect(kinds.filter((k) => k === "promotion")).toHaveLength(1);
    expect(kinds).toContain("event");
    expect(kinds).toContain("user");
    expect(rows.every((r) => r.municipalityId === town.id)).toBe(true);
    const cursors = rows.map((r) => BigInt(r.cursor));
    expect([...cursors].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(cursors);
    const promo = rows.find((r) => r.kind === "promotion");
    expect(promo?.item).toMatchObject({ id: promotion.id, type: "promotion", label: "Fresh bread" });
    expect(rows.find((r) => r.kind === "event")?.item).toMatchObject({ id: event.id, label: "Market day" });
    // A resident by first name only.
    expect(rows.find((r) => r.kind === "user")?.item?.label).toBe("Anna");

    // Nothing is read twice: after the last cursor there is nothing for this town.
    const last = rows[rows.length - 1].cursor;
    expect(await liveEventsAfter(last, town.id)).toEqual([]);
    // Resuming from the middle gives exactly the rest.
    expect((await liveEventsAfter(rows[0].cursor, town.id)).map((r) => r.cursor)).toEqual(
      rows.slice(1).map((r) => r.cursor),
    );
  });

  it("adds a report when it is approved, never while it is pending", async () => {
    const town = await makeMunicipality();
    const reporter = await makeUser("user", { municipalityId: town.id });
    const start = await latestLiveCursor();
    const report = await makeReport(reporter.id, town.id, { status: "pending", description: "Tree down" });
    expect((await liveEventsAfter(start, town.id)).filter((r) => r.kind === "report")).toEqual([]);
    const db = await getDb();
    await db.update(reports).set({ status: "approved" }).where(eq(reports.id, report.id));
    const rows = (await liveEventsAfter(start, town.id)).filter((r) => r.kind === "report");
    expect(rows.map((r) => r.refId)).toEqual([report.id]);
    const [shown] = await approvedReportsByIds([report.id]);
    expect(shown).toMatchObject({ id: report.id, description: "Tree down", municipalityId: town.id });
    // Approving again (an update that does not change the status) adds nothing.
    await db.update(reports).set({ status: "approved" }).where(eq(reports.id, report.id));
    expect((await liveEventsAfter(start, town.id)).filter((r) => r.kind === "report")).toHaveLength(1);
  });
});
