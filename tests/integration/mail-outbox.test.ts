/**
 * The mail outbox (app/lib/mail/mail.server.ts) with templates (app/modules/mail) over real SMTP (the local sink):
 * HTML + text in the recipient's language with the site name, list headers, retries with backoff, permanent
 * failures, dedupe, and a crash between claim and send that neither loses nor repeats a message.
 */
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, platformSettings } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { resetEnvCache } from "~/lib/env.server";
import {
  closeMailTransport,
  deliverDueMail,
  deliverMail,
  mailRetryDelayMs,
  queueMail,
  releaseStaleClaims,
} from "~/lib/mail/mail.server";
import { UNSUBSCRIBE_PLACEHOLDER, personalise, queueTemplateMail, renderTemplate } from "~/modules/mail/compose.server";
import { PREVIEW_DATA, TEMPLATES, type TemplateName } from "~/modules/mail/templates";
import { invalidateSettings } from "~/modules/settings/settings.server";
import { headerOf, partOf, startSmtpSink } from "../support/smtp-sink";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  closeMailTransport();
  await sink.close();
});
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_MAX_ATTEMPTS;
  resetEnvCache();
  closeMailTransport();
});

function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetEnvCache();
}
const received = (to: string) => sink.messages.filter((m) => m.to.includes(to));
async function drainMail() {
  while ((await deliverDueMail()) > 0) {}
}
const outboxRow = async (id: string) => {
  const db = await getDb();
  const [r] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return r;
};

describe("templates", () => {
  it("every template renders HTML and text in en, nl and fr, with the site name and no missing key", async () => {
    for (const name of Object.keys(TEMPLATES) as TemplateName[]) {
      for (const locale of ["en", "nl", "fr"] as const) {
        const r = await renderTemplate(name, PREVIEW_DATA[name] as never, { locale, siteName: "Buurt Test" });
        expect(r.html).toMatch(new RegExp(`<html[^>]*lang="${locale}"`));
        expect(r.html).toContain("Buurt Test");
        expect(r.text).toContain("Buurt Test");
        expect(r.subject).toMatch(/· Buurt Test$/);
        // A missing translation shows its key (mail:… or site:…).
        expect(r.html, `${name}/${locale}`).not.toMatch(/\b(mail|site):[a-z]/i);
        expect(r.text.trim().length).toBeGreaterThan(20);
      }
    }
  });

  it("the languages really differ", async () => {
    const data = PREVIEW_DATA.urgentAlert;
    const en = await renderTemplate("urgentAlert", data, { locale: "en", siteName: "X" });
    const nl = await renderTemplate("urgentAlert", data, { locale: "nl", siteName: "X" });
    const fr = await renderTemplate("urgentAlert", data, { locale: "fr", siteName: "X" });
    expect(en.subject).toContain("Urgent in Hasselt");
    expect(nl.subject).toContain("Dringend in Hasselt");
    expect(fr.subject).toContain("Urgent à Hasselt");
  });

  it("a list mail shows its unsubscribe link in both parts and carries the RFC 8058 headers", async () => {
    const rendered = await renderTemplate("weeklyDigest", PREVIEW_DATA.weeklyDigest, {
      locale: "nl",
      siteName: "X",
      unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
    });
    const url = "http://127.0.0.1/unsubscribe?token=unsub-news.abc.def";
    const mail = personalise(rendered, "a@example.test", { unsubscribeUrl: url });
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("delivery", () => {
  it("sends HTML and text as one multipart message with the site name from the settings and a stable Message-ID", async () => {
    useSmtp(sink.url);
    const db = await getDb();
    await db
      .insert(platformSettings)
      .values({ key: "site_name", value: "Buurt Hasselt" })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: "Buurt Hasselt" } });
    invalidateSettings();
    const to = "reporter-1@example.test";
    const id = await queueTemplateMail("reportOutcome", { to, locale: "fr", data: PREVIEW_DATA.reportOutcome });
    await drainMail();
    const [msg] = received(to);
    expect(msg).toBeTruthy();
    expect(msg.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(msg.raw).toMatch(/Content-Type: text\/plain/i);
    expect(msg.raw).toMatch(/Content-Type: text\/html/i);
    expect(headerOf(msg.raw, "Message-ID")).toBe(`<${id}@localhost>`);
    expect(headerOf(msg.raw, "Subject")).toBeTruthy();
    const text = partOf(msg.raw, "text/plain") ?? "";
    expect(text).toContain("Buurt Hasselt");
    expect(text).toContain("Ce problème a déjà été signalé.");
    const html = partOf(msg.raw, "text/html") ?? "";
    expect(html).toContain('lang="fr"');
    expect(html).toContain("Ce problème a déjà été signalé.");
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    await db.delete(platformSettings).where(eq(platformSettings.key, "site_name"));
    invalidateSettings();
  });

  it("a dedupe key queues a message once", async () => {
    const a = await queueMail({ to: "d@example.test", subject: "Once", text: "x", dedupeKey: "test:dedupe" });
    const b = await queueMail({ to: "d@example.test", subject: "Once", text: "x", dedupeKey: "test:dedupe" });
    expect(b).toBe(a);
    const db = await getDb();
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, "test:dedupe"));
    expect(rows).toHaveLength(1);
  });

  it("without SMTP_URL mail stays pending", async () => {
    const id = await queueMail({ to: "nosmtp@example.test", subject: "Later", text: "x" });
    expect(await deliverDueMail()).toBe(0);
    expect((await deliverMail(id)).status).toBe("pending");
    expect((await outboxRow(id)).status).toBe("pending");
    const db = await getDb();
    await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
  });

  it("retries a failed delivery later with a growing delay, then marks it failed after the last attempt", async () => {
    // A port nobody listens on.
    const closed = new SMTPServer({ authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    useSmtp(`smtp://127.0.0.1:${deadPort}`);
    process.env.MAIL_MAX_ATTEMPTS = "3";
    resetEnvCache();
    const db = await getDb();
    const id = await queueMail({ to: "retry@example.test", subject: "Retry", text: "x" });
    const before = Date.now();
    await drainMail();
    let row = await outboxRow(id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + mailRetryDelayMs(1) - 1000);
    expect(mailRetryDelayMs(2)).toBe(4 * mailRetryDelayMs(1));
    // Not due yet: nothing happens.
    await drainMail();
    expect((await outboxRow(id)).attempts).toBe(1);
    for (const attempt of [2, 3]) {
      await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
      await drainMail();
      row = await outboxRow(id);
      expect(row.attempts).toBe(attempt);
    }
    expect(row.status).toBe("failed");
    // The relay is back: the sink receives it only after the first success, which never comes for a failed row.
    useSmtp(sink.url);
    await drainMail();
    expect(received("retry@example.test")).toHaveLength(0);
  });

  it("a permanent refusal (5xx) fails at once", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        const err = new Error("No such user") as Error & { responseCode: number };
        err.responseCode = 550;
        callback(err);
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", () => resolve()));
    useSmtp(`smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`);
    const id = await queueMail({ to: "nobody@example.test", subject: "Refused", text: "x" });
    await drainMail();
    const row = await outboxRow(id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550|No such user/);
    closeMailTransport();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });

  it("a crash between claim and send: the claimed mail is sent once after the claim runs out, sent mail never again", async () => {
    useSmtp(sink.url);
    const db = await getDb();
    const sent = await queueMail({ to: "crash-0@example.test", subject: "Already sent", text: "x" });
    await drainMail();
    expect((await outboxRow(sent)).status).toBe("sent");

    const ids = await Promise.all(
      [1, 2, 3].map((n) => queueMail({ to: `crash-${n}@example.test`, subject: `Crash ${n}`, text: "x" })),
    );
    // The process "dies" right after its claim committed: nothing after the claim runs.
    class Crash extends Error {}
    await expect(
      deliverDueMail(100, {
        afterClaim: () => {
          throw new Crash("killed");
        },
      }),
    ).rejects.toThrow("killed");
    for (const id of ids) expect((await outboxRow(id)).status).toBe("sending");

    // Another process (or this one restarted) does not touch a claim that may still be in flight...
    await drainMail();
    for (const n of [1, 2, 3]) expect(received(`crash-${n}@example.test`)).toHaveLength(0);

    // ...until its deadline has passed: then each is sent exactly once.
    await db
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(inArray(mailOutbox.id, ids));
    expect(await releaseStaleClaims()).toBe(3);
    await drainMail();
    await drainMail();
    for (const n of [1, 2, 3]) expect(received(`crash-${n}@example.test`)).toHaveLength(1);
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(received("crash-0@example.test")).toHaveLength(1);
  });

  it("on start-up of the embedded database every abandoned claim is released at once", async () => {
    useSmtp(sink.url);
    const id = await queueMail({ to: "restart@example.test", subject: "Restart", text: "x" });
    await expect(
      deliverDueMail(100, {
        afterClaim: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow();
    expect(await releaseStaleClaims(true)).toBeGreaterThanOrEqual(1);
    await drainMail();
    expect(received("restart@example.test")).toHaveLength(1);
    expect((await outboxRow(id)).status).toBe("sent");
  });

  it("the contact form's immediate delivery and the pump never send the same message twice", async () => {
    useSmtp(sink.url);
    const id = await queueMail({ to: "race@example.test", subject: "Race", text: "x" });
    const [a] = await Promise.all([deliverMail(id), deliverDueMail(), deliverDueMail()]);
    await drainMail();
    expect(a.status === "sent" || a.status === "pending").toBe(true);
    expect(received("race@example.test")).toHaveLength(1);
  });
});
