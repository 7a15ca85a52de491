/**
 * What mails and the data export say, over SMTP (the local sink) and through the real jobs: the footer names
 * the municipality and who is responsible for the data; an urgent alert says when (Brussels time, the reader's
 * format) and where; the digest gives prices, discounts and times in the reader's number and time format; the
 * account-deletion mail points to the contact form, not to a reply; the export's summary has its labels and
 * codes in the account's language and its times in Brussels time.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, newsletterSubscriptions, platformSettings, reports, users } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { drainJobs, enqueue } from "~/lib/jobs/jobs.server";
import { closeMailTransport } from "~/lib/mail/mail.server";
import { renderTemplate } from "~/modules/mail/compose.server";
import { JOB } from "~/modules/notification/notification.jobs.server";
import "~/modules/notification/report-resolved.jobs.server";
import { saveFollow } from "~/modules/notification/follow.server";
import { collectUserData } from "~/modules/privacy/collect.server";
import { eraseAccount } from "~/modules/privacy/erase.server";
import { renderExportHtml } from "~/modules/privacy/export-html.server";
import { invalidateSettings } from "~/modules/settings/settings.server";
import { moderateReport } from "~/modules/report/report.admin.server";
import { resolveReport } from "~/modules/report/report.resolve.server";
import { fileReport } from "~/modules/report/report.server";
import { rememberLocale } from "~/modules/user/user.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { decodedHeaderOf, partOf, startSmtpSink } from "../support/smtp-sink";
import { isoDay, makeEvent, makeMerchant, makePromotion } from "./public-helpers";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  resetEnvCache();
  // No data controller in the settings: the platform itself is named.
  const db = await getDb();
  await db.delete(platformSettings).where(eq(platformSettings.key, "data_controller"));
  invalidateSettings();
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
/** The plain text with its line breaks folded, so a sentence wrapped by the renderer still matches. */
const flat = (raw: string) => text(raw).replace(/\s+/g, " ");

async function resident(locale: "en" | "nl" | "fr") {
  const user = await makeUser("user");
  await rememberLocale(user.id, locale);
  const db = await getDb();
  // Alerts and digests go to confirmed addresses only.
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return actorFor(user);
}

describe("urgent alert mails", () => {
  it("say when (Brussels time, the reader's format) and where, and name the town in the footer", async () => {
    const town = await makeMunicipality({ name: "Bree" });
    const reporter = await resident("en");
    const admin = await actorFor(await makeUser("admin"));
    const dutch = await resident("nl");
    const french = await resident("fr");
    for (const follower of [dutch, french])
      await saveFollow(follower, { municipalityId: town.id, urgentAlerts: true, weeklyDigest: false });
    const report = await fileReport(reporter, town.id, {
      type: "fire",
      description: "Rook boven de bakkerij",
      image_url: null,
    });
    const db = await getDb();
    // Filed at 21:45 UTC on 1 July: 23:45 in Brussels (summer time).
    await db
      .update(reports)
      .set({ createdAt: new Date("2026-07-01T21:45:00Z"), placeText: "Kerkstraat 12" })
      .where(eq(reports.id, report.id));
    await moderateReport(admin, report.id, "approved");
    await drainJobs();

    const [nl] = mailTo(dutch.email);
    expect(decodedHeaderOf(nl.raw, "Subject")).toContain("Dringend in Bree");
    expect(flat(nl.raw)).toContain("Wanneer: 1 jul 2026, 23:45 (Belgische tijd)");
    expect(flat(nl.raw)).toContain("Waar: Kerkstraat 12, Bree");
    expect(flat(nl.raw)).toMatch(/Buurtplatform · Bree · http/);
    expect(flat(nl.raw)).toContain("Verantwoordelijk voor je gegevens: Buurtplatform");
    const [fr] = mailTo(french.email);
    expect(flat(fr.raw)).toContain("Quand : 1 juil. 2026, 23:45 (heure belge)");
    expect(flat(fr.raw)).toContain("Où : Kerkstraat 12, Bree");
    expect(flat(fr.raw)).not.toContain("21:45");
  });

  it("without a place text, the town is where", async () => {
    const mail = await renderTemplate(
      "urgentAlert",
      {
        municipalityName: "Hasselt",
        municipalitySlug: "hasselt",
        type: "water_outage",
        description: "Geen water",
        reportId: "00000000-0000-4000-8000-000000000000",
        reportedAt: "2026-01-15T23:30:00.000Z",
        place: null,
      },
      { locale: "en" },
    );
    // Winter time: 00:30 the next day in Brussels.
    expect(mail.text.replace(/\s+/g, " ")).toContain("When: 16 Jan 2026, 00:30 (Belgian time)");
    expect(mail.text.replace(/\s+/g, " ")).toContain("Where: Hasselt");
  });
});

describe("the weekly digest", () => {
  it("gives prices, discounts and event times in the reader's format", async () => {
    const town = await makeMunicipality({ name: "Dilsen" });
    const merchant = await makeMerchant(town.id, { businessName: "Bakkerij Stijn" });
    await makePromotion(merchant.id, town.id, { title: "Taart van de week", price: "€24,50", validUntil: isoDay(20) });
    await makePromotion(merchant.id, town.id, { title: "Brood aan halve prijs", discountPercent: 30 });
    await makeEvent(merchant.id, town.id, { title: "Avondmarkt", startDate: "2099-07-10", time: "19:30" });
    const french = `digest-fr-${Date.now()}@example.test`;
    const english = `digest-en-${Date.now()}@example.test`;
    const db = await getDb();
    await db.insert(newsletterSubscriptions).values([
      { email: french, municipalityId: town.id, status: "confirmed", locale: "fr" },
      { email: english, municipalityId: town.id, status: "confirmed", locale: "en" },
    ]);
    const periodStart = new Date(Date.now() + 60_000).toISOString();
    await enqueue(JOB.municipalityDigest, { municipalityId: town.id, periodStart });
    await drainJobs();

    const fr = flat(mailTo(french)[0].raw);
    expect(fr).toContain("Bakkerij Stijn · 24,50 €");
    expect(fr).toContain("Bakkerij Stijn · 30 % de réduction");
    expect(fr).toContain("10 juil. 2099, 19:30 · Town hall");
    expect(fr).toMatch(/Buurtplatform · Dilsen · http/);
    const en = flat(mailTo(english)[0].raw);
    expect(en).toContain("Bakkerij Stijn · €24.50");
    expect(en).toContain("Bakkerij Stijn · 30% off");
    expect(en).toContain("10 Jul 2099, 19:30 · Town hall");
  });
});

describe("mails about a report or an account", () => {
  it("the resolved-report mail names the town in its footer", async () => {
    const town = await makeMunicipality({ name: "Lanaken" });
    const reporter = await resident("nl");
    const admin = await actorFor(await makeUser("admin"));
    const report = await fileReport(reporter, town.id, {
      type: "power_outage",
      description: "Geen stroom",
      image_url: null,
    });
    await moderateReport(admin, report.id, "approved");
    await resolveReport(admin, report.id, { note: null });
    await drainJobs();
    const resolved = mailTo(reporter.email).find((m) => decodedHeaderOf(m.raw, "Subject")?.includes("opgelost"));
    expect(resolved).toBeDefined();
    expect(flat(resolved?.raw ?? "")).toMatch(/Buurtplatform · Lanaken · http/);
  });

  it("the account-deletion mail points to the contact form and does not ask for a reply", async () => {
    for (const locale of ["en", "nl", "fr"] as const) {
      const person = await resident(locale);
      await eraseAccount(person, person.id, { deleteReports: false }, "self");
      // Queued in the erasure's transaction (the outbox delivers it later).
      const [mail] = await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
      const body = mail.text.replace(/\s+/g, " ");
      expect(body).toMatch(/\/contact\b/);
      expect(body).not.toMatch(/reply to this|antwoord op deze|répondez à ce/i);
    }
  });
});

describe("the data export's summary", () => {
  it("has its labels and codes in the account's language and its times in Brussels time", async () => {
    const town = await makeMunicipality({ name: "Maaseik" });
    const person = await resident("nl");
    const report = await fileReport(person, town.id, {
      type: "infrastructure_issue",
      description: "Losse stoeptegels",
      image_url: null,
    });
    const db = await getDb();
    await db
      .update(reports)
      .set({ createdAt: new Date("2026-01-15T23:30:00Z") })
      .where(eq(reports.id, report.id));
    const data = await collectUserData(db, person.id);
    if (!data) throw new Error("no data");

    const nl = renderExportHtml(data, "nl");
    expect(nl).toContain(">Meldingen <small>");
    expect(nl).toContain('<th scope="row">Soort</th><td>Probleem met infrastructuur</td>');
    expect(nl).toContain("Wacht op moderatie");
    expect(nl).toContain("16 jan 2026, 00:30");
    expect(nl).toContain('<th scope="row">Taal</th><td>Nederlands</td>');
    expect(nl).toContain('<th scope="row">Rol</th><td>Gebruiker</td>');
    expect(nl).toContain("Belgische tijd");
    expect(nl).not.toContain("UTC");
    // The report's own section shows no code (the activity section keeps the audit log's wording as recorded).
    const reportsSection = nl.slice(nl.indexOf('<section id="reports">'), nl.indexOf('<section id="follows">'));
    expect(reportsSection).not.toContain("infrastructure_issue");

    const fr = renderExportHtml(data, "fr");
    expect(fr).toContain(">Signalements <small>");
    expect(fr).toContain("16 janv. 2026, 00:30");
    expect(fr).toContain('<th scope="row">Langue</th><td>néerlandais</td>');
  });
});
