/** The moderation queue: filters, urgent first, likely duplicates, followers an approval mails, a report in full. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { municipalityFollows, reports } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { moderationQueue, reportForModeration } from "~/modules/report/report.moderation.server";
import { fileReport } from "~/modules/report/report.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const HOUR = 3_600_000;

async function file(townId: string, type: string, description: string, hoursAgo = 0, reporter?: { id: string }) {
  const who = await actorFor(reporter ?? (await makeUser("user")));
  const row = await fileReport(who, townId, { type, description, image_url: null });
  if (hoursAgo) {
    const db = await getDb();
    await db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - hoursAgo * HOUR) })
      .where(eq(reports.id, row.id));
  }
  return row;
}

async function follow(userId: string, municipalityId: string, urgentAlerts = true) {
  const db = await getDb();
  await db.insert(municipalityFollows).values({ userId, municipalityId, urgentAlerts, weeklyDigest: false });
}

describe("moderation queue", () => {
  it("flags likely duplicates: same town and type, similar text, within 24 hours", async () => {
    const town = await makeMunicipality();
    const other = await makeMunicipality();
    const admin = await actorFor(await makeUser("admin"));
    const first = await file(town.id, "fire", "Smoke coming out of the old mill near the canal", 3);
    const again = await file(town.id, "fire", "Smoke comes out of the old mill by the canal!");
    const otherType = await file(town.id, "accident", "Smoke coming out of the old mill near the canal");
    const otherTown = await file(other.id, "fire", "Smoke coming out of the old mill near the canal");
    const unlike = await file(town.id, "fire", "Bins on fire behind the sports hall");
    const old = await file(town.id, "fire", "Smoke coming out of the old mill near the canal", 30);

    const { rows } = await moderationQueue(admin, { pageSize: 100 });
    const dup = (id: string) => rows.find((r) => r.id === id)?.duplicates ?? [];
    expect(dup(first.id)).toEqual([again.id]);
    expect(dup(again.id)).toEqual([first.id]);
    for (const id of [otherType.id, otherTown.id, unlike.id, old.id]) expect(dup(id)).toEqual([]);

    const opened = await reportForModeration(admin, again.id);
    expect(opened.duplicateReports.map((d) => d.id)).toEqual([first.id]);
  });

  it("filters by status and type and lists urgent types before informative ones", async () => {
    const town = await makeMunicipality();
    const admin = await actorFor(await makeUser("admin"));
    const info = await file(town.id, "informative", "The market moves to the church square this week");
    const theft = await file(town.id, "theft", "A bicycle was stolen at the station", 2);
    const approved = await file(town.id, "fire", "Small fire in a garden shed", 1);
    const db = await getDb();
    await db.update(reports).set({ status: "approved" }).where(eq(reports.id, approved.id));

    const all = (await moderationQueue(admin, { pageSize: 100 })).rows;
    const ids = all.map((r) => r.id);
    // Urgent first (newest first among them), informative after every urgent one.
    expect(ids.indexOf(theft.id)).toBeLessThan(ids.indexOf(info.id));
    expect(ids.indexOf(approved.id)).toBeLessThan(ids.indexOf(theft.id));
    const firstInformative = all.findIndex((r) => r.type === "informative");
    expect(all.slice(firstInformative).every((r) => r.type === "informative")).toBe(true);

    const pending = await moderationQueue(admin, { status: "pending", pageSize: 100 });
    expect(pending.rows.map((r) => r.id)).not.toContain(approved.id);
    expect(pending.rows.every((r) => r.status === "pending")).toBe(true);
    const thefts = await moderationQueue(admin, { type: "theft", pageSize: 100 });
    expect(thefts.rows.map((r) => r.id)).toEqual([theft.id]);
    expect(thefts.total).toBe(1);
  });

  it("counts the followers an approval would mail: alerts on, not the reporter, none for informative", async () => {
    const town = await makeMunicipality();
    const admin = await actorFor(await makeUser("admin"));
    const reporter = await makeUser("user");
    for (let i = 0; i < 3; i++) await follow((await makeUser("user")).id, town.id);
    await follow((await makeUser("user")).id, town.id, false);
    await follow(reporter.id, town.id);
    const urgent = await file(town.id, "power_outage", "No power in the whole street since noon", 0, reporter);
    const info = await file(town.id, "informative", "Roadworks announced for next month", 0, reporter);

    const { rows } = await moderationQueue(admin, { pageSize: 100 });
    expect(rows.find((r) => r.id === urgent.id)?.followers).toBe(3);
    expect(rows.find((r) => r.id === info.id)?.followers).toBe(0);
    expect((await reportForModeration(admin, urgent.id)).followers).toBe(3);
  });

  it("opens a report in full with the reporter's earlier reports, for administrators only", async () => {
    const town = await makeMunicipality();
    const admin = await actorFor(await makeUser("admin"));
    const reporter = await makeUser("user", { name: "Rita Reporter" });
    const older = await file(town.id, "theft", "My scooter disappeared from the driveway", 48, reporter);
    const long = `Water is flowing out of a broken pipe at the corner of the main street. ${"It keeps getting worse. ".repeat(10)}`;
    const report = await file(town.id, "water_outage", long, 1, reporter);
    const later = await file(town.id, "informative", "Thanks for fixing it so quickly", 0, reporter);

    const opened = await reportForModeration(admin, report.id);
    expect(opened.description).toBe(long);
    expect(opened).toMatchObject({ reporterName: "Rita Reporter", municipalityName: town.name, status: "pending" });
    expect(opened.earlier.map((r) => r.id)).toEqual([older.id]);
    expect(opened.earlier.map((r) => r.id)).not.toContain(later.id);

    const user = await actorFor(reporter);
    const merchant = await actorFor(await makeUser("merchant"));
    for (const who of [null, user, merchant]) {
      await expect(reportForModeration(who, report.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(moderationQueue(who, {})).rejects.toBeInstanceOf(ForbiddenError);
    }
  });
});
