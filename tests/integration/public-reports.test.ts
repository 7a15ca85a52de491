/** Reports on the public side: filing stores pending with the session user; only approved ever shows. */
import { messageKey } from "~/lib/i18n/keys";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { platformEventLogs, reports } from "@db/schema";
import type { AppLoadContext } from "react-router";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { can, isAuthorityRole, isUrgentType } from "~/modules/report/report.policy";
import { DEFAULT_REPORT_TYPE, reportSchema } from "~/modules/report/report.schema";
import { fileReport, homeReports, listApprovedReports } from "~/modules/report/report.server";
import { reportReference } from "~/modules/report/report.reference";
import { action as fileReportAction } from "~/routes/site/report-new";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { DAY, makeReport } from "./public-helpers";

const contextFor = (actor: Awaited<ReturnType<typeof actorFor>> | null) =>
  ({
    requestId: "test",
    nonce: "n",
    locale: "en",
    t: serverT("en"),
    ip: "127.0.0.1",
    getActor: async () => actor,
  }) as unknown as AppLoadContext;

describe("report policy", () => {
  it("lets anyone read approved reports and only administrators see or moderate the rest", async () => {
    const user = await actorFor(await makeUser("user"));
    const merchant = await actorFor(await makeUser("merchant"));
    const admin = await actorFor(await makeUser("admin"));
    expect(can(null, "read-approved")).toBe(true);
    expect(can(null, "read-approved", { status: "pending" })).toBe(false);
    expect(can(user, "read-approved", { status: "rejected" })).toBe(false);
    expect(can(user, "read-approved", { status: "approved" })).toBe(true);
    expect(can(null, "file")).toBe(false);
    expect(can(user, "file")).toBe(true);
    for (const action of ["read-all", "moderate", "delete"] as const) {
      expect(can(null, action)).toBe(false);
      expect(can(user, action)).toBe(false);
      expect(can(merchant, action)).toBe(false);
      expect(can(admin, action)).toBe(true);
    }
    expect(isUrgentType("informative")).toBe(false);
    for (const type of ["urgent", "fire", "other_urgent", "public_safety"]) expect(isUrgentType(type)).toBe(true);
    expect(isAuthorityRole("admin")).toBe(true);
    expect(isAuthorityRole("merchant")).toBe(true);
    expect(isAuthorityRole("user")).toBe(false);
    expect(isAuthorityRole(null)).toBe(false);
  });
});

describe("report schema", () => {
  it("requires a type and a description with the documented message, and refuses non-http image addresses", () => {
    const blank = reportSchema.safeParse({ type: "fire", description: "   " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("site:reportNew.errors.required");
    expect(reportSchema.safeParse({ type: "", description: "x" }).success).toBe(false);
    // "urgent" appears only in lists: it is not one of the 10 tiles.
    expect(reportSchema.safeParse({ type: "urgent", description: "x" }).success).toBe(false);
    expect(reportSchema.safeParse({ type: "fire", description: "x", image_url: "javascript:alert(1)" }).success).toBe(
      false,
    );
    const ok = reportSchema.parse({ type: DEFAULT_REPORT_TYPE, description: " Tree down ", image_url: "" });
    // Unless the reporter asks for anonymity, the report carries their name; the place is optional.
    expect(ok).toEqual({
      type: "other_urgent",
      description: "Tree down",
      image_url: null,
      anonymous: false,
      latitude: null,
      longitude: null,
      accuracy: null,
      place_text: null,
    });
  });
});

describe("filing a report", () => {
  it("stores it as pending with the session user and an audit row, whatever else is posted", async () => {
    const town = await makeMunicipality();
    const other = await makeUser("user");
    const actor = await actorFor(await makeUser("user", { municipalityId: town.id }));
    const input = reportSchema.parse({
      type: "fire",
      description: "Smoke behind the school",
      image_url: "https://example.test/smoke.jpg",
      status: "approved",
      reporter_id: other.id,
    });
    const row = await fileReport(actor, town.id, input);
    expect(row.status).toBe("pending");
    expect(row.reporterId).toBe(actor.id);
    expect(row.municipalityId).toBe(town.id);
    expect(row.imageUrl).toBe("https://example.test/smoke.jpg");
    const db = await getDb();
    const audit = await db
      .select()
      .from(platformEventLogs)
      .where(and(eq(platformEventLogs.userId, actor.id), eq(platformEventLogs.eventType, "report.filed")));
    expect(audit).toHaveLength(1);
    expect(audit[0].metadata).toMatchObject({ reportId: row.id, status: "pending" });
    // A pending report is not public.
    expect((await homeReports(town.id)).map((r) => r.id)).not.toContain(row.id);
  });

  it("refuses guests and inactive municipalities", async () => {
    const town = await makeMunicipality();
    const closed = await makeMunicipality({ isActive: false });
    const actor = await actorFor(await makeUser("user"));
    const input = reportSchema.parse({ type: "theft", description: "Bike stolen" });
    await expect(fileReport(null, town.id, input)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(fileReport(actor, closed.id, input)).rejects.toBeInstanceOf(ValidationError);
  });

  it("the route action takes the reporter from the session and the status is always pending", async () => {
    const town = await makeMunicipality();
    const other = await makeUser("admin");
    const actor = await actorFor(await makeUser("user"));
    const body = new URLSearchParams({
      type: "water_outage",
      description: "No water in the whole street",
      image_url: "",
      reporter_id: other.id,
      reporterId: other.id,
      status: "approved",
    });
    const request = new Request(`http://localhost/report/${town.slug}`, { method: "POST", body });
    const result = await fileReportAction({
      request,
      params: { municipality: town.slug },
      context: contextFor(actor),
    } as never);
    const db = await getDb();
    const rows = await db.select().from(reports).where(eq(reports.municipalityId, town.id));
    expect(rows).toHaveLength(1);
    // The answer repeats what was sent, with the reference the reporter can quote.
    expect(result).toMatchObject({
      ok: true,
      filed: { id: rows[0].id, reference: reportReference(rows[0].id), type: "water_outage", showName: true },
    });
    expect((result as { filed: { reference: string } }).filed.reference).toMatch(/^R-[0-9A-F]{8}$/);
    expect(rows[0]).toMatchObject({ reporterId: actor.id, status: "pending", type: "water_outage" });
  });

  it("the route action answers 400 with 'Please fill in all required fields.' and sends guests to /login", async () => {
    const town = await makeMunicipality();
    const actor = await actorFor(await makeUser("user"));
    const post = () =>
      new Request(`http://localhost/report/${town.slug}`, {
        method: "POST",
        body: new URLSearchParams({ type: "fire", description: "" }),
      });
    const result = (await fileReportAction({
      request: post(),
      params: { municipality: town.slug },
      context: contextFor(actor),
    } as never)) as unknown as { init: { status: number }; data: { formError: string } };
    expect(result.init.status).toBe(400);
    expect(serverT("en")(messageKey(result.data.formError))).toBe("Please fill in all required fields.");
    const guest = await fileReportAction({
      request: post(),
      params: { municipality: town.slug },
      context: contextFor(null),
    } as never).catch((r: unknown) => r);
    expect(guest).toBeInstanceOf(Response);
    expect((guest as Response).headers.get("location")).toMatch(/^\/login/);
  });
});

describe("public report lists", () => {
  it("never show pending or rejected reports, nor other municipalities', newest first", async () => {
    const town = await makeMunicipality();
    const elsewhere = await makeMunicipality();
    const reporter = await makeUser("user", { municipalityId: town.id });
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const a1 = await makeReport(reporter.id, town.id, { createdAt: at(50), description: "oldest approved" });
    const a2 = await makeReport(reporter.id, town.id, { createdAt: at(40), type: "informative" });
    const a3 = await makeReport(reporter.id, town.id, { createdAt: at(30) });
    const a4 = await makeReport(null, town.id, { createdAt: at(20), description: "reporter deleted" });
    await makeReport(reporter.id, town.id, { createdAt: at(1), status: "pending" });
    await makeReport(reporter.id, town.id, { createdAt: at(2), status: "rejected" });
    await makeReport(reporter.id, elsewhere.id, { createdAt: at(3) });

    const home = await homeReports(town.id);
    expect(home.map((r) => r.id)).toEqual([a4.id, a3.id, a2.id]);
    expect(home[0].reporterName).toBeNull(); // shown as "Anonymous"
    expect(home[1].reporterName).toBe(reporter.name);
    expect(home[1].reporterRole).toBe("user");

    const list = await listApprovedReports(town.id);
    expect(list.total).toBe(4);
    expect(list.items.map((r) => r.id)).toEqual([a4.id, a3.id, a2.id, a1.id]);
    expect(list.items.every((r) => r.id !== undefined)).toBe(true);

    const paged = await listApprovedReports(town.id, 2, 3);
    expect(paged.items.map((r) => r.id)).toEqual([a1.id]);
    expect(paged.pages).toBe(2);

    // Every status other than approved stays out of every public read.
    const db = await getDb();
    const hidden = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.municipalityId, town.id)));
    const publicIds = new Set(list.items.map((r) => r.id));
    expect(hidden.length - publicIds.size).toBe(2);
  });

  it("flags authority reporters by role", async () => {
    const town = await makeMunicipality();
    const admin = await makeUser("admin");
    const merchant = await makeUser("merchant");
    await makeReport(admin.id, town.id, { createdAt: new Date(Date.now() - DAY) });
    await makeReport(merchant.id, town.id);
    const home = await homeReports(town.id);
    expect(home.map((r) => r.reporterRole)).toEqual(["merchant", "admin"]);
  });
});
