/**
 * Closing the loop with residents on a real database and over SMTP (the local sink): moderation
 * outcomes with a reason, My reports, follows and urgent alerts, the double opt-in newsletter, the weekly
 * digest, one-click unsubscribe, the stored language, and rows deleted with the account.
 */
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  jobs,
  municipalityFollows,
  newsletterConfirmLimits,
  newsletterSubscriptions,
  reports,
  users,
} from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { drainJobs } from "~/lib/jobs/jobs.server";
import { drainBackground } from "~/lib/jobs/background.server";
import { closeMailTransport } from "~/lib/mail/mail.server";
import { signToken } from "~/lib/mail/tokens.server";
import { findFollow, listFollows, saveFollow } from "~/modules/notification/follow.server";
import { JOB, digestContent } from "~/modules/notification/notification.jobs.server";
import "~/modules/notification/notification.jobs.server";
import {
  CONFIRM_PURPOSE,
  NEWSLETTER_CONFIRM_LIMIT,
  confirmNewsletter,
  newsletterLimitKey,
  normaliseAddress,
  subscribeNewsletter,
} from "~/modules/notification/newsletter.server";
import { applyRetention } from "~/modules/privacy/privacy.jobs.server";
import { describeUnsubscribe, unsubscribe } from "~/modules/notification/unsubscribe.server";
import { moderateReport } from "~/modules/report/report.admin.server";
import { fileReport, listMyReports } from "~/modules/report/report.server";
import { rememberLocale } from "~/modules/user/user.server";
import { action as adminReportsAction } from "~/routes/admin/reports";
import { action as alertsAction } from "~/routes/account/alerts";
import { loader as myReportsLoader } from "~/routes/account/my-reports";
import { action as newsletterAction } from "~/routes/site/newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/site/newsletter-confirm";
import { action as unsubscribeAction } from "~/routes/site/unsubscribe";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { decodedHeaderOf, headerOf, partOf, startSmtpSink } from "../support/smtp-sink";
import { isoDay, makeEvent, makeMerchant, makePromotion } from "./public-helpers";

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

const mailTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));
const text = (raw: string) => partOf(raw, "text/plain") ?? "";
type Actor = Awaited<ReturnType<typeof actorFor>>;

function contextFor(actor: Actor | null, locale: "en" | "nl" | "fr" = "en"): AppLoadContext {
  return {
    requestId: "test",
    nonce: "n",
    locale,
    localeChosen: false,
    t: serverT(locale),
    ip: `10.0.0.${Math.floor(Math.random() * 250)}`,
    getActor: async () => actor,
  } as unknown as AppLoadContext;
}
const post = (path: string, body: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(body) });
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

async function resident(locale: "en" | "nl" | "fr" = "en", name?: string) {
  const user = await makeUser("user", { name });
  await rememberLocale(user.id, locale);
  return actorFor(user);
}

describe("moderation outcome and My reports", () => {
  it("a rejection with a reason is stored, shown on My reports and mailed to the reporter in their language", async () => {
    const town = await makeMunicipality({ name: "Bree" });
    const reporter = await resident("nl", "Jan Peeters");
    const admin = await actorFor(await makeUser("admin"));
    const report = await fileReport(reporter, town.id, {
      type: "infrastructure_issue",
      description: "Losse stoeptegels voor het gemeentehuis",
      image_url: null,
    });

    const answer = await outcome(() =>
      adminReportsAction({
        request: post("/admin/reports", {
          intent: "reject",
          id: report.id,
          reason: "duplicate",
          note: "Al gemeld op maandag.",
        }),
        context: contextFor(admin),
        params: {},
      } as never),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: "admin:reports.rejected" });

    const db = await getDb();
    const [stored] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(stored).toMatchObject({
      status: "rejected",
      moderationReason: "duplicate",
      moderationNote: "Al gemeld op maandag.",
    });
    expect(stored.moderatedAt).toBeTruthy();

    // The request only queued a job; the worker renders and sends.
    expect(mailTo(reporter.email)).toHaveLength(0);
    await drainJobs();
    const [mail] = mailTo(reporter.email);
    expect(mail).toBeTruthy();
    const body = text(mail.raw);
    expect(body).toContain("Hallo Jan Peeters");
    expect(body).toContain("Dit werd al gemeld.");
    expect(body).toContain("Al gemeld op maandag.");
    expect(body).toContain("/my-reports");
    // A personal mail about your own report is not a list: no unsubscribe headers.
    expect(headerOf(mail.raw, "List-Unsubscribe")).toBeNull();

    const mine = await listMyReports(reporter);
    expect(mine.items.map((r) => r.id)).toEqual([report.id]);
    expect(mine.items[0]).toMatchObject({ status: "rejected", reason: "duplicate", note: "Al gemeld op maandag." });
  });

  it("an unknown reason is refused and nothing changes", async () => {
    const town = await makeMunicipality();
    const reporter = await resident();
    const admin = await actorFor(await makeUser("admin"));
    const report = await fileReport(reporter, town.id, { type: "theft", description: "Bike stolen", image_url: null });
    const answer = await outcome(() =>
      adminReportsAction({
        request: post("/admin/reports", { intent: "reject", id: report.id, reason: "because-i-say-so" }),
        context: contextFor(admin),
        params: {},
      } as never),
    );
    expect(answer.status).toBe(400);
    const db = await getDb();
    const [stored] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(stored.status).toBe("pending");
  });

  it("approving mails the reporter too; My reports never shows anyone else's reports", async () => {
    const town = await makeMunicipality();
    const reporter = await resident("fr");
    const other = await resident();
    const admin = await actorFor(await makeUser("admin"));
    const report = await fileReport(reporter, town.id, {
      type: "informative",
      description: "Marché déplacé",
      image_url: null,
    });
    await fileReport(other, town.id, { type: "theft", description: "Someone else's", image_url: null });
    await moderateReport(admin, report.id, "approved", { reason: "duplicate", note: "ignored on approval" });
    await drainJobs();
    const [mail] = mailTo(reporter.email);
    expect(text(mail.raw)).toContain("a été approuvé");
    expect(text(mail.raw)).not.toContain("ignored on approval");

    const mine = await listMyReports(reporter);
    expect(mine.items.map((r) => r.id)).toEqual([report.id]);
    expect(mine.items[0]).toMatchObject({ status: "approved", reason: null, note: null });
    expect((await listMyReports(other)).items.every((r) => r.id !== report.id)).toBe(true);
    await expect(listMyReports(null)).rejects.toBeInstanceOf(ForbiddenError);
    // The page: guests go to /login.
    const guest = await outcome(() =>
      myReportsLoader({
        request: new Request("http://localhost/my-reports"),
        context: contextFor(null),
        params: {},
      } as never),
    );
    expect(guest.status).toBe(302);
    expect(String(guest.body)).toMatch(/^\/login/);
  });
});

describe("follows and urgent alerts", () => {
  it("an approved urgent report mails each follower who wants urgent alerts, once, with one-click unsubscribe", async () => {
    const town = await makeMunicipality({ name: "Peer" });
    const elsewhere = await makeMunicipality();
    const reporter = await resident();
    const admin = await actorFor(await makeUser("admin"));
    const urgentFan = await resident("nl");
    const digestOnly = await resident();
    const otherTown = await resident();
    await saveFollow(urgentFan, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: false });
    await saveFollow(digestOnly, { municipalityId: town.id, urgentAlerts: false, weeklyDigest: true });
    await saveFollow(otherTown, { municipalityId: elsewhere.id, urgentAlerts: true, weeklyDigest: true });
    // The reporter follows too: they hear about their own report from the outcome mail only.
    await saveFollow(reporter, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: true });

    const report = await fileReport(reporter, town.id, {
      type: "water_outage",
      description: "Geen water in de Kerkstraat",
      image_url: null,
    });
    await moderateReport(admin, report.id, "approved");
    // Approving twice (a retried job, a second click) changes nothing.
    await expect(moderateReport(admin, report.id, "approved")).rejects.toBeInstanceOf(ValidationError);
    await drainJobs();

    const [alert, ...more] = mailTo(urgentFan.email);
    expect(more).toHaveLength(0);
    expect(decodedHeaderOf(alert.raw, "Subject")).toContain("Dringend in Peer");
    const unsubscribeHeader = headerOf(alert.raw, "List-Unsubscribe") ?? "";
    expect(unsubscribeHeader).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\?token=unsub-alerts\.[^>]+>$/);
    expect(headerOf(alert.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const url = unsubscribeHeader.slice(1, -1);
    expect(text(alert.raw)).toContain(url);
    // No account id (nor address) in the link.
    expect(url).not.toContain(urgentFan.id);
    expect(url).not.toContain(encodeURIComponent(urgentFan.email));

    expect(mailTo(digestOnly.email)).toHaveLength(0);
    expect(mailTo(otherTown.email)).toHaveLength(0);
    expect(mailTo(reporter.email)).toHaveLength(1); // the outcome mail

    // Running the fan-out job again (a crash and retry) mails nobody twice.
    const db = await getDb();
    await db
      .update(jobs)
      .set({ status: "pending", runAt: sql`now()` })
      .where(eq(jobs.dedupeKey, `${JOB.urgentAlert}:${report.id}`));
    await drainJobs();
    expect(mailTo(urgentFan.email)).toHaveLength(1);

    // One-click unsubscribe (the RFC 8058 POST), without a session; idempotent.
    const token = new URL(url).searchParams.get("token") as string;
    expect(await describeUnsubscribe(token)).toMatchObject({
      valid: true,
      kind: "alerts",
      municipalityName: "Peer",
      active: true,
    });
    const first = await outcome(() =>
      unsubscribeAction({
        request: new Request(url, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) }),
        context: contextFor(null),
        params: {},
      } as never),
    );
    expect(first).toMatchObject({ status: 200, body: { result: { status: "done", kind: "alerts" } } });
    const again = await unsubscribe(token);
    expect(again).toMatchObject({ status: "already", kind: "alerts" });
    // The follow had only urgent alerts: it is gone.
    expect(await findFollow(urgentFan, town.id)).toBeNull();

    const forged = await outcome(() =>
      unsubscribeAction({
        request: new Request(`${url.slice(0, -3)}xyz`, { method: "POST", body: new URLSearchParams({}) }),
        context: contextFor(null),
        params: {},
      } as never),
    );
    expect(forged.status).toBe(400);
    // A token for another purpose does not unsubscribe.
    const digestFollow = await findFollow(digestOnly, town.id);
    const wrongPurpose = await signToken("news-confirm", digestFollow?.id as string);
    expect(await unsubscribe(wrongPurpose)).toEqual({ status: "invalid" });
  });

  it("informative reports send no alert", async () => {
    const town = await makeMunicipality();
    const fan = await resident();
    await saveFollow(fan, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: false });
    const report = await fileReport(await resident(), town.id, {
      type: "informative",
      description: "FYI",
      image_url: null,
    });
    await moderateReport(await actorFor(await makeUser("admin")), report.id, "approved");
    await drainJobs();
    expect(mailTo(fan.email)).toHaveLength(0);
  });

  it("follows are the actor's own; choosing neither alert unfollows; inactive towns cannot be followed", async () => {
    const town = await makeMunicipality({ name: "Aaa town" });
    const closed = await makeMunicipality({ isActive: false });
    const me = await resident();
    const someoneElse = await resident();
    await expect(
      saveFollow(null, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: true }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(await saveFollow(me, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: true })).toBe("saved");
    expect(await saveFollow(me, { municipalityId: town.id, urgentAlerts: false, weeklyDigest: true })).toBe("saved");
    expect(await listFollows(me)).toMatchObject([{ municipalityId: town.id, urgentAlerts: false, weeklyDigest: true }]);
    expect(await listFollows(someoneElse)).toEqual([]);
    await expect(
      saveFollow(me, { municipalityId: closed.id, urgentAlerts: true, weeklyDigest: true }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await saveFollow(me, { municipalityId: town.id, urgentAlerts: false, weeklyDigest: false })).toBe("removed");
    expect(await listFollows(me)).toEqual([]);
  });

  it("the alerts action takes the municipality from the address and refuses unknown intents", async () => {
    const town = await makeMunicipality();
    const me = await resident();
    const ctx = contextFor(me);
    const call = (body: Record<string, string>) =>
      outcome(() =>
        alertsAction({
          request: post(`/alerts/${town.slug}`, body),
          context: ctx,
          params: { municipality: town.slug },
        } as never),
      );
    expect((await call({ intent: "delete", id: "x" })).status).toBe(400);
    expect(
      await call({ intent: "save", urgentAlerts: "on", municipalityId: "00000000-0000-4000-8000-000000000000" }),
    ).toMatchObject({
      status: 200,
      body: { ok: true, result: "saved" },
    });
    expect(await findFollow(me, town.id)).toMatchObject({ urgentAlerts: true, weeklyDigest: false });
    expect(await call({ intent: "unfollow" })).toMatchObject({ body: { ok: true, result: "removed" } });
    const guest = await outcome(() =>
      alertsAction({
        request: post(`/alerts/${town.slug}`, { intent: "save" }),
        context: contextFor(null),
        params: { municipality: town.slug },
      } as never),
    );
    expect(guest.status).toBe(302);
  });
});

describe("newsletter and weekly digest", () => {
  it("double opt-in: a confirmation mail in the visitor's language; only a click confirms; twice says so", async () => {
    const town = await makeMunicipality({ name: "Lanaken" });
    const email = `news-${Date.now()}@example.test`;
    const answer = await outcome(() =>
      newsletterAction({
        request: post("/newsletter", { email: ` ${email.toUpperCase()} `, municipality: town.slug }),
        context: contextFor(null, "fr"),
        params: {},
      } as never),
    );
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const db = await getDb();
    // The answer came first; the row and the mail follow it.
    await drainBackground();
    const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(row).toMatchObject({ status: "pending", locale: "fr", municipalityId: town.id });
    await drainJobs();
    const [mail] = mailTo(email);
    expect(decodedHeaderOf(mail.raw, "Subject")).toContain("Confirmez votre newsletter pour Lanaken");
    const link = /(http:\/\/localhost:\d+\/newsletter\/confirm\?token=\S+)/.exec(text(mail.raw))?.[1] as string;
    expect(link).toBeTruthy();
    const token = new URL(link).searchParams.get("token");
    expect(await confirmNewsletter(token)).toMatchObject({ status: "confirmed", municipalityName: "Lanaken" });
    expect(await confirmNewsletter(token)).toMatchObject({ status: "already" });
    expect(await confirmNewsletter(`${token}x`)).toEqual({ status: "invalid" });
    // Subscribing a confirmed address again sends nothing (and answers the same).
    await subscribeNewsletter({ email, municipality: town.slug }, "en");
    await drainJobs();
    expect(mailTo(email)).toHaveLength(1);
  });

  it("caps confirmation mails per address a day across municipalities and +tags, and answers alike", async () => {
    const towns = await Promise.all([1, 2, 3, 4, 5].map(() => makeMunicipality()));
    const stamp = Date.now().toString(36);
    const base = `cap-${stamp}@example.test`;
    const variants = [
      base,
      `CAP-${stamp}+news@example.test`,
      `cap-${stamp}+a@Example.test`,
      base,
      `cap-${stamp}+b@example.test`,
    ];
    const db = await getDb();
    const stored = async () =>
      (await db.select().from(newsletterSubscriptions)).filter((r) => r.email.startsWith(`cap-${stamp}`));
    const answers = [];
    for (const [i, email] of variants.entries()) {
      const started = performance.now();
      const answer = await outcome(() =>
        newsletterAction({
          request: post("/newsletter", { email, municipality: towns[i].slug }),
          context: contextFor(null),
          params: {},
        } as never),
      );
      answers.push({ ...answer, ms: performance.now() - started });
      // Answered before anything about the address was read or written.
      expect(await stored()).toHaveLength(Math.min(i, NEWSLETTER_CONFIRM_LIMIT.mails));
      await drainBackground();
    }
    // The same status and text whether or not the limit was reached.
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: { ok: true } });
    await drainJobs();
    const mails = sink.messages.filter((m) => m.to.some((to) => to.toLowerCase().startsWith(`cap-${stamp}`)));
    expect(mails).toHaveLength(NEWSLETTER_CONFIRM_LIMIT.mails);
    // Over the limit nothing is stored: three pending rows, for the three mails.
    expect(await stored()).toHaveLength(NEWSLETTER_CONFIRM_LIMIT.mails);

    // The count is kept under a keyed hash of the normalised address, never the address itself.
    const key = await newsletterLimitKey(`Cap-${stamp}+whatever@EXAMPLE.test`);
    const [limit] = await db.select().from(newsletterConfirmLimits).where(eq(newsletterConfirmLimits.key, key));
    expect(limit.sent).toBe(NEWSLETTER_CONFIRM_LIMIT.mails);
    expect(limit.key).not.toContain("cap");
    const windowLeft = limit.windowEndsAt.getTime() - Date.now();
    expect(windowLeft).toBeGreaterThan(23 * 3_600_000);
    expect(windowLeft).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await subscribeNewsletter({ email: `cap-${stamp}+c@example.test`, municipality: towns[4].slug }, "en")).toBe(
      "limited",
    );

    // A day later the address may be sent one again; the ended window is what retention deletes.
    await db
      .update(newsletterConfirmLimits)
      .set({ windowEndsAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterConfirmLimits.key, key));
    const retained = await applyRetention(db);
    expect(retained.newsletterLimits).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(newsletterConfirmLimits).where(eq(newsletterConfirmLimits.key, key))).toEqual([]);
    expect(await subscribeNewsletter({ email: base, municipality: towns[4].slug }, "en")).toBe("queued");
    expect(normaliseAddress(" Ann.Smith+Tag+x@Example.ORG ")).toBe("ann.smith@example.org");
  });

  it("subscribes when the auth secret is the stored one (the embedded database has one connection)", async () => {
    const configured = process.env.BETTER_AUTH_SECRET;
    const cached = globalThis as { __authSecret?: Promise<string> };
    delete process.env.BETTER_AUTH_SECRET;
    resetEnvCache();
    cached.__authSecret = undefined;
    try {
      const town = await makeMunicipality();
      const email = `stored-secret-${Date.now()}@example.test`;
      const hung = new Promise((resolve) => setTimeout(() => resolve("hung"), 10_000));
      expect(await Promise.race([subscribeNewsletter({ email, municipality: town.slug }, "en"), hung])).toBe("queued");
    } finally {
      process.env.BETTER_AUTH_SECRET = configured;
      resetEnvCache();
      cached.__authSecret = undefined;
    }
  });

  it("the confirmation link confirms on its page's POST only: GET and HEAD (a mail scanner) change nothing", async () => {
    const town = await makeMunicipality({ name: "Bilzen" });
    const email = `scan-${Date.now()}@example.test`;
    expect(await subscribeNewsletter({ email, municipality: town.slug }, "nl")).toBe("queued");
    const db = await getDb();
    const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    const token = await signToken(CONFIRM_PURPOSE, row.id, { expiresInSec: 3600 });
    const url = `http://localhost/newsletter/confirm?token=${token}`;
    const status = async () =>
      (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, row.id)))[0].status;

    for (const method of ["GET", "HEAD"]) {
      const page = await confirmLoader({
        request: new Request(url, { method }),
        context: contextFor(null),
        params: {},
      } as never);
      expect(page.state).toEqual({ status: "pending", municipalityName: "Bilzen", municipalitySlug: town.slug });
    }
    expect(await status()).toBe("pending");

    const confirm = () =>
      outcome(() =>
        confirmAction({
          request: new Request(url, { method: "POST", body: new URLSearchParams() }),
          context: contextFor(null),
          params: {},
        } as never),
      );
    expect(await confirm()).toMatchObject({ status: 200, body: { result: { status: "confirmed" } } });
    expect(await status()).toBe("confirmed");
    expect(await confirm()).toMatchObject({ status: 200, body: { result: { status: "already" } } });
    const again = await confirmLoader({ request: new Request(url), context: contextFor(null), params: {} } as never);
    expect(again.state).toMatchObject({ status: "already" });
    const bad = await outcome(() =>
      confirmAction({
        request: new Request(`http://localhost/newsletter/confirm?token=${token}x`, {
          method: "POST",
          body: new URLSearchParams(),
        }),
        context: contextFor(null),
        params: {},
      } as never),
    );
    expect(bad).toMatchObject({ status: 400, body: { result: { status: "invalid" } } });
  });

  it("the newsletter form needs an address and an active municipality", async () => {
    const town = await makeMunicipality();
    const call = (body: Record<string, string>) =>
      outcome(() =>
        newsletterAction({ request: post("/newsletter", body), context: contextFor(null), params: {} } as never),
      );
    expect(await call({ email: "", municipality: town.slug })).toMatchObject({
      status: 400,
      body: { formError: "footer.newsletter.required" },
    });
    expect(await call({ email: "not-an-address", municipality: town.slug })).toMatchObject({ status: 400 });
    expect(await call({ email: "x@example.test", municipality: "no-such-town" })).toMatchObject({
      status: 400,
      body: { formError: "footer.newsletter.municipalityRequired" },
    });
  });

  it("the weekly digest goes to digest followers and confirmed subscribers, once per address, never to pending ones", async () => {
    const town = await makeMunicipality({ name: "Maasmechelen" });
    const merchant = await makeMerchant(town.id);
    await makePromotion(merchant.id, town.id, { title: "Fresh bread deal", validUntil: isoDay(20) });
    await makeEvent(merchant.id, town.id, { title: "Market evening", startDate: isoDay(3) });
    const follower = await resident("nl");
    await saveFollow(follower, { municipalityId: town.id, urgentAlerts: false, weeklyDigest: true });
    const urgentOnly = await resident();
    await saveFollow(urgentOnly, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: false });
    const confirmed = `digest-ok-${Date.now()}@example.test`;
    const pending = `digest-pending-${Date.now()}@example.test`;
    const db = await getDb();
    await db.insert(newsletterSubscriptions).values([
      { email: confirmed, municipalityId: town.id, status: "confirmed", locale: "en" },
      { email: pending, municipalityId: town.id, status: "pending", locale: "en" },
      // The follower also subscribed with the same address: one digest, not two.
      { email: follower.email, municipalityId: town.id, status: "confirmed", locale: "nl" },
    ]);

    const periodStart = new Date(Date.now() + 60_000).toISOString();
    const content = await digestContent(db, town.id, new Date(periodStart));
    expect(content.promotions.map((p) => p.title)).toEqual(["Fresh bread deal"]);
    expect(content.events.map((e) => e.title)).toEqual(["Market evening"]);
    const { enqueue } = await import("~/lib/jobs/jobs.server");
    await enqueue(JOB.weeklyDigest, { periodStart });
    await drainJobs();

    const [followerMail, ...dup] = mailTo(follower.email);
    expect(dup).toHaveLength(0);
    expect(decodedHeaderOf(followerMail.raw, "Subject")).toContain("Deze week in Maasmechelen");
    expect(text(followerMail.raw)).toContain("Fresh bread deal");
    expect(headerOf(followerMail.raw, "List-Unsubscribe")).toMatch(/unsub-digest\./);
    const [subscriberMail] = mailTo(confirmed);
    expect(text(subscriberMail.raw)).toContain("Market evening");
    expect(headerOf(subscriberMail.raw, "List-Unsubscribe")).toMatch(/unsub-news\./);
    expect(mailTo(pending)).toHaveLength(0);
    expect(mailTo(urgentOnly.email)).toHaveLength(0);

    // Unsubscribing from the newsletter deletes the address.
    const link = (headerOf(subscriberMail.raw, "List-Unsubscribe") ?? "").slice(1, -1);
    expect(await unsubscribe(new URL(link).searchParams.get("token"))).toMatchObject({
      status: "done",
      kind: "newsletter",
    });
    const left = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, confirmed));
    expect(left).toHaveLength(0);
  });

  it("a week with nothing new sends no digest", async () => {
    const town = await makeMunicipality();
    const follower = await resident();
    await saveFollow(follower, { municipalityId: town.id, urgentAlerts: false, weeklyDigest: true });
    const { enqueue } = await import("~/lib/jobs/jobs.server");
    await enqueue(JOB.municipalityDigest, { municipalityId: town.id, periodStart: new Date().toISOString() });
    await drainJobs();
    expect(mailTo(follower.email)).toHaveLength(0);
  });
});

describe("language and personal data", () => {
  it("remembers the language a user last used", async () => {
    const user = await makeUser("user");
    const db = await getDb();
    const locale = async () => (await db.select({ l: users.locale }).from(users).where(eq(users.id, user.id)))[0].l;
    expect(await locale()).toBe("en");
    await rememberLocale(user.id, "fr");
    expect(await locale()).toBe("fr");
    await rememberLocale(user.id, "xx");
    expect(await locale()).toBe("fr");
  });

  it("switching language while signed in (?lng=) is remembered for their mail", async () => {
    const { rootData } = await import("~/server/root-data.server");
    const user = await makeUser("user");
    const actor = await actorFor(user);
    const ctx = { ...contextFor(actor, "nl"), localeChosen: true } as unknown as AppLoadContext;
    await rootData(ctx);
    const db = await getDb();
    const [row] = await db.select({ l: users.locale }).from(users).where(eq(users.id, user.id));
    expect(row.l).toBe("nl");
    // Only a chosen language counts: a page merely rendered in French (Accept-Language) changes nothing.
    await rootData(contextFor(actor, "fr"));
    const [after] = await db.select({ l: users.locale }).from(users).where(eq(users.id, user.id));
    expect(after.l).toBe("nl");
  });

  it("signing in stores the language of the sign-in", async () => {
    const { signIn } = await import("~/modules/user/session.server");
    const { FACTORY_PASSWORD } = await import("../factories");
    const user = await makeUser("user");
    const result = await signIn(
      user.email,
      FACTORY_PASSWORD,
      new Request("http://localhost/login"),
      contextFor(null, "nl"),
    );
    expect(result.ok).toBe(true);
    const db = await getDb();
    const [row] = await db.select({ l: users.locale }).from(users).where(eq(users.id, user.id));
    expect(row.l).toBe("nl");
  });

  it("follows and newsletter rows are deleted with the account", async () => {
    const town = await makeMunicipality();
    const me = await resident();
    await saveFollow(me, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: true });
    await subscribeNewsletter({ email: me.email, municipality: town.slug }, "en");
    const db = await getDb();
    const [sub] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, me.email));
    expect(sub.userId).toBe(me.id);
    // A subscription made before the account existed is linked when the account is created.
    const later = `later-${Date.now()}@example.test`;
    await subscribeNewsletter({ email: later, municipality: town.slug }, "en");
    const { insertAccount } = await import("~/modules/user/user.server");
    const laterUser = await db.transaction((tx) =>
      insertAccount(tx, {
        name: "Later",
        email: later,
        password: "Correct-Horse-42",
        role: "user",
        municipalityId: null,
      }),
    );
    await db.delete(users).where(eq(users.id, me.id));
    await db.delete(users).where(eq(users.id, laterUser.id));
    expect(await db.select().from(municipalityFollows).where(eq(municipalityFollows.userId, me.id))).toHaveLength(0);
    expect(
      await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, me.email)),
    ).toHaveLength(0);
    expect(
      await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, later)),
    ).toHaveLength(0);
  });
});
