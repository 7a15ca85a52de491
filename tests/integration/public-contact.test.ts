/**
 * The contact form: the message is stored, its mail is written to the outbox, then delivered over SMTP.
 * A local SMTP sink (smtp-server) receives the mail; without SMTP_URL the mail stays pending.
 */
import { messageKey } from "~/lib/i18n/keys";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { parseWith } from "~/lib/forms/form.server";
import { resetEnvCache } from "~/lib/env.server";
import { contactSchema } from "~/modules/contact/contact.schema";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { getSettings } from "~/modules/settings/settings.server";
import { serverT } from "~/lib/i18n/locale.server";
import { action as contactAction } from "~/routes/site/contact";
import type { AppLoadContext } from "react-router";

type Received = { from: string; to: string[]; raw: string };
const inbox: Received[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const input = (subject: string) =>
  contactSchema.parse({
    name: " Lies Jacobs ",
    email: "Lies@Example.test",
    subject,
    message: "Hello,\nIs the Grote Markt closed on Sunday?\n<b>not html</b>",
  });

describe("contact messages", () => {
  it("validates the four required fields", () => {
    const result = contactSchema.safeParse({ name: "", email: "nope", subject: " ", message: "" });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((i) => String(i.path[0])));
    expect([...fields].sort()).toEqual(["email", "message", "name", "subject"]);
  });

  it("stores the message, then delivers it as a plain-text mail to the contact address", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnvCache();
    const { contactEmail } = await getSettings();
    const before = inbox.length;
    const { messageId, delivery } = await submitContactMessage(null, input("Question about the market"));
    expect(delivery.status).toBe("sent");

    const db = await getDb();
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    expect(stored).toMatchObject({
      name: "Lies Jacobs",
      email: "lies@example.test",
      subject: "Question about the market",
    });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, delivery.id));
    expect(mail).toMatchObject({ status: "sent", to: contactEmail, replyTo: "lies@example.test", attempts: 1 });
    expect(mail.sentAt).toBeInstanceOf(Date);

    expect(inbox.length).toBe(before + 1);
    const received = inbox[inbox.length - 1];
    expect(received.to).toEqual([contactEmail]);
    expect(received.raw).toMatch(/Subject: .*Question about the market/);
    expect(received.raw).toMatch(/Reply-To: lies@example.test/i);
    expect(received.raw).toMatch(/Content-Type: text\/plain/i);
    expect(received.raw).not.toMatch(/text\/html/i);
    expect(received.raw).toContain("Is the Grote Markt closed on Sunday?");
  });

  it("keeps header injection out of the subject", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnvCache();
    // A line break in the subject or the name (one line each, both end up in the mail) is refused by the form...
    for (const field of ["subject", "name"] as const) {
      const posted = { name: "Lies", email: "lies@example.test", subject: "Hi", message: "Hello" };
      const parsed = parseWith(contactSchema, { ...posted, [field]: "Hi\r\nBcc: victim@example.test" });
      expect(parsed.ok ? null : parsed.fieldErrors[field], field).toBe("validation.controlChars");
    }
    // ...and what it accepts reaches the mail as one header line.
    const { delivery } = await submitContactMessage(null, input("Hi  Bcc: victim@example.test"));
    expect(delivery.status).toBe("sent");
    const received = inbox[inbox.length - 1];
    expect(received.to).not.toContain("victim@example.test");
    expect(received.raw).not.toMatch(/^Bcc:/im);
  });

  it("without SMTP_URL the message is stored and its mail stays pending in the outbox", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    const before = inbox.length;
    const { messageId, delivery } = await submitContactMessage(null, input("No relay"));
    expect(delivery.status).toBe("pending");
    const db = await getDb();
    expect(await db.select().from(contactMessages).where(eq(contactMessages.id, messageId))).toHaveLength(1);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, delivery.id));
    expect(mail.status).toBe("pending");
    expect(inbox.length).toBe(before);
  });

  it("records a failed attempt and keeps the message and its mail for a retry when the relay is down", async () => {
    // A port nobody listens on.
    const closed = new SMTPServer({ authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${deadPort}`;
    resetEnvCache();
    const { messageId, delivery } = await submitContactMessage(null, input("Relay down"));
    // The outbox retries later with backoff (app/lib/mail/mail.server.ts); failed only after the last attempt.
    expect(delivery.status).toBe("pending");
    const db = await getDb();
    expect(await db.select().from(contactMessages).where(eq(contactMessages.id, messageId))).toHaveLength(1);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, delivery.id));
    expect(mail.status).toBe("pending");
    expect(mail.lastError).toBeTruthy();
    expect(mail.attempts).toBe(1);
    expect(mail.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("the contact action", () => {
  const context = (ip: string) =>
    ({
      requestId: "t",
      nonce: "n",
      locale: "en",
      t: serverT("en"),
      ip,
      getActor: async () => null,
    }) as unknown as AppLoadContext;
  const post = (body: Record<string, string>) =>
    new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams(body) });
  const valid = { name: "Jan", email: "jan@example.test", subject: "Hi", message: "Hello" };

  it("answers 400 with field errors, stores a valid message, and limits each address to 5 per hour", async () => {
    const ip = "198.51.100.7";
    const bad = (await contactAction({
      request: post({ name: "" }),
      params: {},
      context: context(ip),
    } as never)) as unknown as {
      init: { status: number };
      data: { fieldErrors: Record<string, string> };
    };
    expect(bad.init.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(["email", "message", "name", "subject"]);
    for (let i = 0; i < 4; i++) {
      expect(await contactAction({ request: post(valid), params: {}, context: context(ip) } as never)).toEqual({
        ok: true,
      });
    }
    const limited = (await contactAction({
      request: post(valid),
      params: {},
      context: context(ip),
    } as never)) as unknown as {
      init: { status: number };
      data: { formError: string };
    };
    expect(limited.init.status).toBe(429);
    expect(serverT("en")(messageKey(limited.data.formError))).toMatch(/Too many requests/);
    // Another address is not affected.
    expect(
      await contactAction({ request: post(valid), params: {}, context: context("198.51.100.8") } as never),
    ).toEqual({
      ok: true,
    });
  });
});
