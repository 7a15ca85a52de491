/**
 * Outgoing mail. Every message is first written to mail_outbox (so nothing is lost when delivery fails),
 * then sent as plain text over SMTP (SMTP_URL). The outcome is recorded: sent, or failed with the error.
 * Without SMTP_URL the message stays pending and is logged.
 */
import { eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "@db/schema";
import { type DbOrTx, getDb } from "./db.server";
import { env } from "./env.server";
import { log } from "./log.server";

export type OutgoingMail = { to: string; subject: string; text: string; replyTo?: string | null };
export type DeliveryResult = { id: string; status: "sent" | "failed" | "pending" };

/** Header values never carry line breaks (no header injection). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

/** Short timeouts: a request waits for delivery, so a dead relay must fail fast. */
function withTimeouts(url: string): string {
  const u = new URL(url);
  for (const [k, v] of [
    ["connectionTimeout", "10000"],
    ["greetingTimeout", "10000"],
    ["socketTimeout", "20000"],
  ]) {
    if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  }
  return u.toString();
}

let transport: { url: string; transporter: Transporter } | undefined;
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = {
      url,
      transporter: nodemailer.createTransport(withTimeouts(url)),
    };
  }
  return transport.transporter;
}

/** Writes a mail to the outbox (pass the transaction so it commits with what it is about). */
export async function queueMail(mail: OutgoingMail, tx?: DbOrTx): Promise<string> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: oneLine(mail.to),
      replyTo: mail.replyTo ? oneLine(mail.replyTo) : null,
      subject: oneLine(mail.subject).slice(0, 250),
      text: mail.text,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/** Sends one queued mail and records the outcome. Never throws: delivery problems are logged. */
export async function deliverMail(id: string): Promise<DeliveryResult> {
  const db = await getDb();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!mail) return { id, status: "failed" };
  if (mail.status === "sent") return { id, status: "sent" };
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    log("info", "mail kept in outbox (SMTP_URL not set)", { mailId: id, to: mail.to, subject: mail.subject });
    return { id, status: "pending" };
  }
  try {
    await transporterFor(SMTP_URL).sendMail({
      from: MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
    });
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
      .where(eq(mailOutbox.id, id));
    return { id, status: "sent" };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log("error", "mail delivery failed", { mailId: id, err });
    await db
      .update(mailOutbox)
      .set({ status: "failed", attempts: sql`${mailOutbox.attempts} + 1`, lastError: message.slice(0, 500) })
      .where(eq(mailOutbox.id, id))
      .catch((e) => log("error", "mail outcome not recorded", { mailId: id, err: e }));
    return { id, status: "failed" };
  }
}

/** Queue, then deliver. */
export async function sendMail(mail: OutgoingMail): Promise<DeliveryResult> {
  const id = await queueMail(mail);
  return deliverMail(id);
}
