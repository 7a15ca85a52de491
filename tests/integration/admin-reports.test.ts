/** Report moderation: pending -> approved/rejected by an administrator only, and only then public. */
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { platformEventLogs, reports } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { deleteReport, listReportsForAdmin, moderateReport } from "~/modules/report/report.admin.server";
import { fileReport, listApprovedReports } from "~/modules/report/report.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

async function setup() {
  const town = await makeMunicipality();
  const reporterUser = await makeUser("user", { name: "Rita Reporter" });
  const reporter = await actorFor(reporterUser);
  const report = await fileReport(reporter, town.id, {
    type: "fire",
    description: "Smoke coming out of the old mill near the canal, please send help soon",
    image_url: null,
  });
  return { town, reporter, report };
}

async function logsFor(eventType: string, reportId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(platformEventLogs)
    .where(eq(platformEventLogs.eventType, eventType))
    .orderBy(desc(platformEventLogs.createdAt));
  return rows.filter((r) => r.metadata.reportId === reportId);
}

describe("report moderation", () => {
  it("approves a pending report; only then is it public", async () => {
    const { town, reporter, report } = await setup();
    const admin = await actorFor(await makeUser("admin"));
    expect(report.status).toBe("pending");
    expect((await listApprovedReports(town.id)).items.map((r) => r.id)).not.toContain(report.id);

    // Nobody but an administrator may decide.
    const merchant = await actorFor(await makeUser("merchant"));
    for (const who of [null, reporter, merchant]) {
      await expect(moderateReport(who, report.id, "approved")).rejects.toBeInstanceOf(ForbiddenError);
    }
    expect((await listApprovedReports(town.id)).items.map((r) => r.id)).not.toContain(report.id);

    await moderateReport(admin, report.id, "approved");
    const publicList = await listApprovedReports(town.id);
    expect(publicList.items.map((r) => r.id)).toContain(report.id);
    const [log] = await logsFor("report.approved", report.id);
    expect(log.userId).toBe(admin.id);
    expect(log.metadata).toMatchObject({ from: "pending", to: "approved" });
  });

  it("rejects a pending report, which never becomes public", async () => {
    const { town, report } = await setup();
    const admin = await actorFor(await makeUser("admin"));
    await moderateReport(admin, report.id, "rejected");
    expect((await listApprovedReports(town.id)).items.map((r) => r.id)).not.toContain(report.id);
    expect(await logsFor("report.rejected", report.id)).toHaveLength(1);
  });

  it("refuses to approve or reject a report that is no longer pending", async () => {
    const { report } = await setup();
    const admin = await actorFor(await makeUser("admin"));
    await moderateReport(admin, report.id, "rejected");
    const err = await moderateReport(admin, report.id, "approved").catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toBe("admin:reports.notPending");
    const db = await getDb();
    const [row] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(row.status).toBe("rejected");
  });

  it("deletes a report in any status and logs it", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const pending = (await setup()).report;
    const approved = (await setup()).report;
    await moderateReport(admin, approved.id, "approved");
    await deleteReport(admin, pending.id);
    await deleteReport(admin, approved.id);
    const db = await getDb();
    expect(await db.select().from(reports).where(eq(reports.id, pending.id))).toHaveLength(0);
    expect(await db.select().from(reports).where(eq(reports.id, approved.id))).toHaveLength(0);
    expect(await logsFor("report.deleted", pending.id)).toHaveLength(1);
    expect(await logsFor("report.deleted", approved.id)).toHaveLength(1);
  });

  it("lists every report with reporter name/email and municipality name, urgent then newest first, searchable", async () => {
    const { town, report } = await setup();
    const admin = await actorFor(await makeUser("admin"));
    const { rows } = await listReportsForAdmin(admin, { q: "Rita Reporter" });
    const row = rows.find((r) => r.id === report.id);
    expect(row).toMatchObject({ reporterName: "Rita Reporter", municipalityName: town.name, status: "pending" });
    expect(row?.reporterEmail).toContain("@example.test");
    const all = await listReportsForAdmin(admin, { pageSize: 50 });
    // Urgent types come first; within urgent and within informative, newest first.
    for (const informative of [false, true]) {
      const times = all.rows
        .filter((r) => (r.type === "informative") === informative)
        .map((r) => new Date(r.createdAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    const kinds = all.rows.map((r) => r.type === "informative");
    expect(kinds).toEqual([...kinds].sort((a, b) => Number(a) - Number(b)));
  });
});
