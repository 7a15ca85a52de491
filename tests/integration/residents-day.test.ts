/**
 * Residents' day: a report filed anonymously never carries its reporter's name outside moderation (lists,
 * home panel, live stream, feed, open-data API, page data); a moderator marks an approved report resolved
 * (it leaves the urgent panel, the reporter is mailed the note); alerts and digests reach verified
 * addresses only.
 */
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reports, users } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { ForbiddenError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { drainJobs, enqueue } from "~/lib/jobs/jobs.server";
import { closeMailTransport } from "~/lib/mail/mail.server";
import { saveFollow } from "~/modules/notification/follow.server";
import { JOB } from "~/modules/notification/notification.jobs.server";
import "~/modules/notification/report-resolved.jobs.server";
import { moderateReport } from "~/modules/report/report.admin.server";
import { reportSchema } from "~/modules/report/report.schema";
import { resolveReport } from "~/modules/report/report.resolve.server";
import {
  approvedReportsByIds,
  fileReport,
  homeReports,
  listApprovedReports,
  listMyReports,
} from "~/modules/report/report.server";
import { confirmEmail, describeVerification, isEmailVerified } from "~/modules/user/email-verification.server";
import { registerSchema } from "~/modules/user/user.schema";
import { registerAccount, rememberLocale } from "~/modules/user/user.server";
import { action as resolveAction, loader as resolveLoader } from "~/routes/admin/report-resolve";
import { loader as feedLoader } from "~/routes/api/feed";
import { loader as apiLoader } from "~/routes/api/v1";
import { action as fileAction } from "~/routes/site/report-new";
import { loader as reportsLoader } from "~/routes/site/reports";
import { loader as homeLoader } from "~/routes/site/municipality";
import { action as landingAction } from "~/routes/site/landing";
import { loader as notFoundLoader } from "~/routes/site/not-found";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { partOf, startSmtpSink } from "../support/smtp-sink";
import { DAY, isoDay, makeMerchant, makePromotion, makeReport } from "./public-helpers";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  closeMailTransport();
  await sink.close();
});
afterEach(async () => {
  await drainJobs();
});

type Actor = Awaited<ReturnType<typeof actorFor>>;
const mailTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));
const text = (raw: string) => partOf(raw, "text/plain") ?? "";

function contextFor(actor: Actor | null, locale: "en" | "nl" | "fr" = "en"): AppLoadContext {
  return {
    requestId: "test",
    nonce: "n",
    locale,
    localeChosen: false,
    t: serverT(locale),
    ip: `10.9.0.${Math.floor(Math.random() * 250)}`,
    getActor: async () => actor,
  } as unknown as AppLoadContext;
}
const post = (path: string, body: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(body) });

/** What an action or loader answered: its status and body, whether returned as data(), a plain object or thrown. */
async function outcome(fn: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const r = (await fn()) as { init?: { status?: number }; data?: unknown } | Response | Record<string, unknown>;
    if (r instanceof Response) return { status: r.status, body: null };
    if (r && typeof r === "object" && "init" in r && "data" in r) {
      return { status: (r.init as { status?: number } | undefined)?.status ?? 200, body: r.data };
    }
    return { status: 200, body: r };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: thrown.headers.get("location") };
    throw thrown;
  }
}

describe("anonymous reports", () => {
  it("the reporter's name is nowhere public: lists, home panel, live stream, page data, feed and API", async () => {
    const town = await makeMunicipality({ name: "Naamloos" });
    const reporter = await actorFor(await makeUser("user", { name: "Griet Verborgen" }));
    const named = await actorFor(await makeUser("user", { name: "Karel Zichtbaar" }));
    const admin = await actorFor(await makeUser("admin"));

    const answer = await outcome(() =>
      fileAction({
        request: post(`/report/${town.slug}`, { type: "fire", description: "Rook uit de schuur", anonymous: "on" }),
        params: { municipality: town.slug },
        context: contextFor(reporter),
      } as never),
    );
    expect(answer.body).toMatchObject({ ok: true, filed: { showName: false, type: "fire" } });
    const secret = (answer.body as { filed: { id: string } }).filed.id;
    const open = await fileReport(named, town.id, reportSchema.parse({ type: "accident", description: "Botsing" }));
    await moderateReport(admin, secret, "approved");
    await moderateReport(admin, open.id, "approved");

    const [stored] = await (await getDb()).select().from(reports).where(eq(reports.id, secret));
    expect(stored).toMatchObject({ reporterId: reporter.id, showName: false });

    const byId = (list: { id: string; reporterName: string | null; reporterRole: string | null }[], id: string) =>
      list.find((r) => r.id === id);
    const home = await homeReports(town.id);
    expect(byId(home, secret)).toMatchObject({ reporterName: null, reporterRole: null });
    expect(byId(home, open.id)).toMatchObject({ reporterName: "Karel Zichtbaar", reporterRole: "user" });
    const list = await listApprovedReports(town.id);
    expect(byId(list.items, secret)?.reporterName).toBeNull();
    const live = await approvedReportsByIds([secret]);
    expect(live[0].reporterName).toBeNull();

    const page = await reportsLoader({
      request: new Request(`http://localhost/reports/${town.slug}`),
      params: { municipality: town.slug },
      context: contextFor(named),
    } as never);
    expect(JSON.stringify(page)).not.toContain("Griet");
    expect(JSON.stringify(page)).toContain("Karel Zichtbaar");

    const feed = (await feedLoader({
      request: new Request(`http://localhost/feeds/${town.slug}/reports.atom`),
      params: { municipality: town.slug, file: "reports.atom" },
      context: contextFor(null),
    } as never)) as Response;
    expect(feed.status).toBe(200);
    const atom = await feed.text();
    expect(atom).toContain("Rook uit de schuur");
    expect(atom).not.toContain("Griet");

    const api = (await apiLoader({
      request: new Request(`http://localhost/api/v1/reports?municipality=${town.slug}`),
      params: { resource: "reports" },
      context: contextFor(null),
    } as never)) as Response;
    const json = await api.text();
    expect(json).toContain("Rook uit de schuur");
    expect(json).not.toContain("Griet");
    expect(json).not.toContain(reporter.email);

    // The reporter still sees it as theirs, marked as published without their name.
    const mine = await listMyReports(reporter);
    expect(mine.items[0]).toMatchObject({ id: secret, showName: false });
  });
});

describe("new residents on the live panel", () => {
  it("a guest is not told a new resident's name; a signed-in neighbour sees the first name", async () => {
    const town = await makeMunicipality({ name: "Welkom" });
    await makeUser("user", { municipalityId: town.id, name: "Zoltan Nieuwkomer" });
    const neighbour = await actorFor(await makeUser("user", { municipalityId: town.id, name: "Buur Vast" }));
    const page = (actor: Actor | null) =>
      homeLoader({
        request: new Request(`http://localhost/${town.slug}`),
        params: { municipality: town.slug },
        context: contextFor(actor),
      } as never);
    const guest = await page(null);
    expect(guest.live.filter((i) => i.type === "user").length).toBeGreaterThan(0);
    expect(JSON.stringify(guest)).not.toContain("Zoltan");
    expect(guest.live.filter((i) => i.type === "user").every((i) => i.label === "")).toBe(true);
    const signedIn = await page(neighbour);
    expect(signedIn.live.map((i) => i.label)).toContain("Zoltan");
  });
});

describe("resolving a report", () => {
  it("an administrator marks an approved report resolved: it leaves the urgent panel and the reporter gets the note", async () => {
    const town = await makeMunicipality({ name: "Opgelost" });
    const user = await makeUser("user", { name: "An Melder" });
    await rememberLocale(user.id, "nl");
    const reporter = await actorFor(user);
    const admin = await actorFor(await makeUser("admin"));
    const report = await fileReport(
      reporter,
      town.id,
      reportSchema.parse({ type: "water_outage", description: "Geen water" }),
    );
    await moderateReport(admin, report.id, "approved");
    await drainJobs();
    expect((await homeReports(town.id)).map((r) => r.id)).toEqual([report.id]);

    const answer = await outcome(() =>
      resolveAction({
        request: post("/admin/reports/resolve", { intent: "resolve", id: report.id, note: "Leiding hersteld." }),
        params: {},
        context: contextFor(admin),
      } as never),
    );
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: "admin:reportResolve.done" } });

    expect(await homeReports(town.id)).toEqual([]);
    const list = await listApprovedReports(town.id);
    expect(list.items[0].resolvedAt).toBeTruthy();
    const mine = await listMyReports(reporter);
    expect(mine.items[0]).toMatchObject({ resolutionNote: "Leiding hersteld." });
    expect(mine.items[0].resolvedAt).toBeTruthy();

    await drainJobs();
    const mails = mailTo(reporter.email).filter((m) => text(m.raw).includes("Leiding hersteld."));
    expect(mails).toHaveLength(1);
    expect(text(mails[0].raw)).toContain("opgelost");

    // Twice is refused with the module's message, and nothing is mailed again.
    const again = await outcome(() =>
      resolveAction({
        request: post("/admin/reports/resolve", { intent: "resolve", id: report.id }),
        params: {},
        context: contextFor(admin),
      } as never),
    );
    expect(again.status).toBe(400);
    await drainJobs();
    expect(mailTo(reporter.email).filter((m) => text(m.raw).includes("Leiding hersteld."))).toHaveLength(1);
  });

  it("only administrators resolve, only approved reports, and the route takes POST only", async () => {
    const town = await makeMunicipality();
    const reporter = await actorFor(await makeUser("user"));
    const merchant = await actorFor(await makeUser("merchant"));
    const admin = await actorFor(await makeUser("admin"));
    const pending = await makeReport(reporter.id, town.id, { status: "pending" });
    const approved = await makeReport(reporter.id, town.id, { createdAt: new Date(Date.now() - 5 * DAY) });
    await expect(resolveReport(reporter, approved.id, { note: null })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resolveReport(merchant, approved.id, { note: null })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resolveReport(admin, pending.id, { note: null })).rejects.toBeInstanceOf(ForbiddenError);
    // A user's post never reaches the module: the guard sends them home.
    const refused = await outcome(() =>
      resolveAction({
        request: post("/admin/reports/resolve", { intent: "resolve", id: approved.id }),
        params: {},
        context: contextFor(reporter),
      } as never),
    );
    expect(refused.status).toBe(302);
    const malformed = await outcome(() =>
      resolveAction({
        request: post("/admin/reports/resolve", { intent: "resolve", id: "not-a-uuid" }),
        params: {},
        context: contextFor(admin),
      } as never),
    );
    expect(malformed.status).toBe(404);
    const long = await outcome(() =>
      resolveAction({
        request: post("/admin/reports/resolve", { intent: "resolve", id: approved.id, note: "x".repeat(501) }),
        params: {},
        context: contextFor(admin),
      } as never),
    );
    expect(long.status).toBe(400);
    expect(((await resolveLoader()) as Response).status).toBe(405);
    const [row] = await (await getDb()).select().from(reports).where(eq(reports.id, approved.id));
    expect(row.resolvedAt).toBeNull();
    await expect(
      (await getDb()).update(reports).set({ resolvedAt: new Date() }).where(eq(reports.id, pending.id)),
    ).rejects.toThrow();
  });
});

describe("verified addresses", () => {
  it("registration queues a verification mail; only the link's POST verifies, and only once", async () => {
    const town = await makeMunicipality({ name: "Bevestig" });
    const email = `verify-${Date.now()}@example.test`;
    const user = await registerAccount(
      registerSchema.parse({
        accountType: "user",
        name: "Vera Nieuw",
        email,
        password: "Bevestig-Fiets-72",
        confirmPassword: "Bevestig-Fiets-72",
        municipalityId: town.id,
      }),
      "fr",
    );
    const [fresh] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
    expect(fresh.emailVerified).toBe(false);
    await drainJobs();
    const [mail] = mailTo(email);
    expect(mail).toBeTruthy();
    const link = /https?:\/\/\S+\/verify-email\?token=[^\s)\]>"]+/.exec(text(mail.raw))?.[0];
    expect(link).toBeTruthy();
    expect(text(mail.raw)).toContain("Confirmez");
    const token = new URL(link as string).searchParams.get("token");

    // Opening the link (a GET, as a mail scanner would) changes nothing.
    expect(await describeVerification(token)).toEqual({ status: "pending", email });
    expect(await isEmailVerified(user.id)).toBe(false);
    expect(await confirmEmail(token)).toEqual({ status: "verified", email });
    expect(await isEmailVerified(user.id)).toBe(true);
    // The link is spent; a forged one names nothing.
    expect(await confirmEmail(token)).toEqual({ status: "invalid" });
    expect(await confirmEmail(`${token}x`)).toEqual({ status: "invalid" });
    expect(await describeVerification(null)).toEqual({ status: "invalid" });
  });

  it("urgent alerts and digests reach verified addresses only", async () => {
    const town = await makeMunicipality({ name: "Alarmdorp" });
    const admin = await actorFor(await makeUser("admin"));
    const verified = await actorFor(await makeUser("user"));
    const unverifiedUser = await makeUser("user");
    await (await getDb()).update(users).set({ emailVerified: false }).where(eq(users.id, unverifiedUser.id));
    const unverified = await actorFor(unverifiedUser);
    for (const follower of [verified, unverified]) {
      await saveFollow(follower, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: true });
    }
    const reporter = await actorFor(await makeUser("user"));
    const report = await fileReport(reporter, town.id, reportSchema.parse({ type: "fire", description: "Brand" }));
    await moderateReport(admin, report.id, "approved");
    await drainJobs();
    expect(mailTo(verified.email).length).toBeGreaterThan(0);
    expect(mailTo(unverified.email)).toHaveLength(0);

    const merchant = await makeMerchant(town.id);
    await makePromotion(merchant.id, town.id, { title: "Verse soep", validUntil: isoDay(10) });
    await enqueue(JOB.municipalityDigest, {
      municipalityId: town.id,
      periodStart: new Date(Date.now() + 60_000).toISOString(),
    });
    await drainJobs();
    expect(mailTo(verified.email).some((m) => text(m.raw).includes("Verse soep"))).toBe(true);
    expect(mailTo(unverified.email)).toHaveLength(0);
  });
});

describe("a town not on the platform", () => {
  it("the landing search sends an unknown name to a 404 page that names it and lists the towns that are", async () => {
    const town = await makeMunicipality({ name: "Bestaatwel" });
    const answer = await outcome(() =>
      landingAction({ request: post("/", { q: " Leuven " }), params: {}, context: contextFor(null) } as never),
    );
    expect(answer).toEqual({ status: 302, body: "/404?town=Leuven" });
    const page = (await notFoundLoader({
      request: new Request("http://localhost/404?town=Leuven"),
      params: {},
      context: contextFor(null),
    } as never)) as unknown as { init: { status: number }; data: { town: string; towns: { slug: string }[] } };
    expect(page.init.status).toBe(404);
    expect(page.data.town).toBe("Leuven");
    expect(page.data.towns.map((m) => m.slug)).toContain(town.slug);
    // Without a name, or with control characters, it is the plain 404.
    const plain = (await notFoundLoader({
      request: new Request("http://localhost/404?town=%00x"),
      params: {},
      context: contextFor(null),
    } as never)) as unknown as { data: { town: string | null } };
    expect(plain.data.town).toBeNull();
  });
});
