/**
 * Outgoing mail through an outbox. Every message is first written to `mail_outbox` (in the caller's
 * transaction when given, so a mail exists only if what it is about committed); the job worker's mail pump
 * (jobs.server.ts) delivers it over SMTP (`SMTP_URL`) as HTML and plain text.
 *
 * Delivery states: pending -> sending -> sent | pending (retry later) | failed.
 * - **Claim, then send, then record.** A batch is claimed (`sending`, with a claim deadline) and committed
 *   before the SMTP conversation starts; `sent` is recorded the moment the relay accepts the message. A
 *   process that dies after the claim leaves the row `sending`: once the claim deadline (`MAIL_CLAIM_SECONDS`)
 *   has passed — at once at start-up on the embedded database, which only one process can open — the row
 *   goes back to `pending` and is sent then. A row recorded `sent` is never sent again. The only window for a
 *   duplicate is between the relay's "250 accepted" and our commit of `sent` (microseconds); each message
 *   carries a stable `Message-ID` (`<outbox id@host>`) so a receiving system can recognise a repeat.
 * - **Retries.** A failed attempt goes back to `pending` with a later `next_attempt_at`: `MAIL_RETRY_SECONDS`
 *   (default 30) × 4^(attempt-1) (30 s, 2 min, 8 min, 32 min, 2 h). After `MAIL_MAX_ATTEMPTS` (default 6)
 *   attempts, or at once on a permanent SMTP refusal (5xx), the row is `failed` with the last error.
 * - **Idempotent queueing.** A `dedupeKey` (unique) makes queueing the same message twice a no-op: fan-outs
 *   that are retried after a crash do not double anyone's mail.
 * Without `SMTP_URL` mail stays pending in the outbox (and is logged), to be sent once SMTP is configured.
 *
 * Mails with content (HTML + text, translated, with the site name) are composed from templates in
 * `app/modules/mail/` (`queueTemplateMail`); this file only stores and delivers.
 */
import { eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "@db/schema";
import { baseUrl } from "~/lib/auth/auth.server";
import { type DbOrTx, dbKind, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { registerJob, registerPump, registerRecurring, wakeWorker } from "~/lib/jobs/jobs.server";
import { log } from "~/lib/log.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  /** The plain-text body (always sent). */
  text: string;
  /** The HTML body (sent as the alternative to the text when given). */
  html?: string | null;
  /** Extra headers, e.g. List-Unsubscribe (values are made single-line). */
  headers?: Record<string, string>;
  replyTo?: string | null;
  /** Queueing a mail with a key that is already in the outbox does nothing. */
  dedupeKey?: string | null;
};
export type DeliveryResult = { id: string; status: "sent" | "failed" | "pending" };

/** Header values never carry line breaks (no header injection). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

function rowOf(mail: OutgoingMail) {
  return {
    to: oneLine(mail.to),
    replyTo: mail.replyTo ? oneLine(mail.replyTo) : null,
    subject: oneLine(mail.subject).slice(0, 250),
    text: mail.text,
    html: mail.html ?? null,
    headers: Object.fromEntries(Object.entries(mail.headers ?? {}).map(([k, v]) => [oneLine(k), oneLine(v)])),
    dedupeKey: mail.dedupeKey ?? null,
  };
}

/**
 * Writes a mail to the outbox (pass the transaction so it commits with what it is about) and wakes the
 * worker. Returns the outbox id (the existing one when the dedupe key was already queued).
 */
export async function queueMail(mail: OutgoingMail, tx?: DbOrTx): Promise<string> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .insert(mailOutbox)
    .values(rowOf(mail))
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  wakeWorker();
  if (row) return row.id;
  const [existing] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, mail.dedupeKey as string))
    .limit(1);
  return existing.id;
}

/** Many mails in one statement (fan-outs); returns how many were new (dedupe keys already queued are skipped). */
export async function queueMails(mails: OutgoingMail[], tx?: DbOrTx): Promise<number> {
  if (mails.length === 0) return 0;
  const db = tx ?? (await getDb());
  const rows = await db
    .insert(mailOutbox)
    .values(mails.map(rowOf))
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  wakeWorker();
  return rows.length;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Delivery                                                                                                     */

/** Short timeouts and a small connection pool: the pump sends several messages at once. */
function transportUrl(url: string): string {
  const u = new URL(url);
  for (const [k, v] of [
    ["connectionTimeout", "10000"],
    ["greetingTimeout", "10000"],
    ["socketTimeout", "20000"],
    ["pool", "true"],
    ["maxConnections", String(env().MAIL_CONCURRENCY)],
  ]) {
    if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  }
  return u.toString();
}

let transport: { url: string; transporter: Transporter } | undefined;
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = { url, transporter: nodemailer.createTransport(transportUrl(url)) };
  }
  return transport.transporter;
}

/** Closes pooled SMTP connections (shutdown, tests). */
export function closeMailTransport() {
  transport?.transporter.close();
  transport = undefined;
}

type ClaimedMail = {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  body_html: string | null;
  headers: Record<string, string> | string;
  attempts: number;
};
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const claimMs = () => env().MAIL_CLAIM_SECONDS * 1000;

function messageIdFor(id: string): string {
  let host = "buurtplatform.local";
  try {
    host = new URL(baseUrl()).hostname || host;
  } catch {
    /* keep the default */
  }
  return `<${id}@${host}>`;
}

/** Retry delay after a failed attempt: MAIL_RETRY_SECONDS × 4^(attempt-1). */
export function mailRetryDelayMs(attempt: number): number {
  return env().MAIL_RETRY_SECONDS * 1000 * 4 ** Math.max(0, attempt - 1);
}

/** A 5xx answer from the relay (unknown mailbox, refused content) will not change on a retry. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

type Hooks = { afterClaim?: (ids: string[]) => Promise<void> | void };

/** Sends one claimed row and records the outcome. Never throws. */
async function sendClaimed(row: ClaimedMail, smtpUrl: string): Promise<DeliveryResult["status"]> {
  const db = await getDb();
  const { MAIL_FROM, MAIL_MAX_ATTEMPTS } = env();
  const headers = typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
  try {
    await transporterFor(smtpUrl).sendMail({
      from: MAIL_FROM,
      to: row.to_address,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      text: row.body_text,
      html: row.body_html ?? undefined,
      headers,
      messageId: messageIdFor(row.id),
    });
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const last = isPermanent(err) || row.attempts >= MAIL_MAX_ATTEMPTS;
    log(last ? "error" : "warn", last ? "mail delivery failed" : "mail delivery will be retried", {
      mailId: row.id,
      attempt: row.attempts,
      error: message,
    });
    await db
      .update(mailOutbox)
      .set(
        last
          ? { status: "failed", lastError: message, claimedUntil: null }
          : {
              status: "pending",
              lastError: message,
              claimedUntil: null,
              nextAttemptAt: new Date(Date.now() + mailRetryDelayMs(row.attempts)),
            },
      )
      .where(sql`${mailOutbox.id} = ${row.id} and ${mailOutbox.status} = 'sending'`)
      .catch((e) => log("error", "mail outcome not recorded", { mailId: row.id, err: e }));
    return last ? "failed" : "pending";
  }
  // Recorded at once: this is the whole duplicate window.
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: new Date(), lastError: null, claimedUntil: null })
    .where(eq(mailOutbox.id, row.id))
    .catch((e) => log("error", "mail outcome not recorded", { mailId: row.id, err: e }));
  return "sent";
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const claimColumns = sql.raw(
  ["id", "to_address", "reply_to", "subject", "body_text", "body_html", "headers", "attempts"]
    .map((c) => `mail_outbox.${c}`)
    .join(", "),
);

/** Claims abandoned by a dead process go back to pending (or fail when they had their last attempt). */
export async function releaseStaleClaims(all = false): Promise<number> {
  const db = await getDb();
  const max = env().MAIL_MAX_ATTEMPTS;
  const result = await db.execute(sql`
    update mail_outbox set claimed_until = null,
      status = case when attempts >= ${max}::int then 'failed' else 'pending' end,
      last_error = coalesce(last_error, 'claim abandoned (process stopped during delivery)')
    where status = 'sending' and (${all}::boolean or claimed_until < now())
    returning id`);
  return rowsOf(result).length;
}

let lastRelease = 0;
let startedRelease = false;

/**
 * The mail pump: claims up to `limit` due messages, sends them (MAIL_CONCURRENCY at a time) and records each
 * outcome. Returns how many it claimed (0 when nothing is due or SMTP is not configured).
 */
export async function deliverDueMail(limit = 100, hooks: Hooks = {}): Promise<number> {
  const { SMTP_URL } = env();
  if (!SMTP_URL) return 0;
  if (!startedRelease) {
    startedRelease = true;
    if ((await dbKind()) === "pglite") await releaseStaleClaims(true);
  }
  if (Date.now() - lastRelease > 10_000) {
    lastRelease = Date.now();
    await releaseStaleClaims();
  }
  const db = await getDb();
  const claimed = rowsOf<ClaimedMail>(
    await db.execute(sql`
      with due as (
        select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      update mail_outbox set status = 'sending', attempts = mail_outbox.attempts + 1,
        claimed_until = now() + interval '1 millisecond' * ${claimMs()}::float8
      from due where mail_outbox.id = due.id
      returning ${claimColumns}`),
  );
  if (claimed.length === 0) return 0;
  await hooks.afterClaim?.(claimed.map((c) => c.id));
  await mapLimit(claimed, env().MAIL_CONCURRENCY, (row) => sendClaimed(row, SMTP_URL));
  return claimed.length;
}

registerPump("mail", () => deliverDueMail());

/* Housekeeping: delivered mail (addresses and contents) is kept 30 days, failed mail 90, then deleted. */
registerRecurring("mail.prune", { everyMs: 86_400_000, offsetMs: 3 * 3_600_000 + 600_000 });
registerJob("mail.prune", async (_payload, { db }) => {
  await db.execute(sql`delete from mail_outbox where (status = 'sent' and sent_at < now() - interval '30 days')
    or (status = 'failed' and created_at < now() - interval '90 days')`);
});

/**
 * Delivers one queued mail now (the contact form answers with the outcome). Uses the same claim as the pump,
 * so the two never send a message twice. Never throws.
 */
export async function deliverMail(id: string): Promise<DeliveryResult> {
  const db = await getDb();
  const { SMTP_URL } = env();
  if (!SMTP_URL) {
    const [mail] = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    log("info", "mail kept in outbox (SMTP_URL not set)", { mailId: id, to: mail?.to, subject: mail?.subject });
    return { id, status: mail ? "pending" : "failed" };
  }
  try {
    const [row] = rowsOf<ClaimedMail>(
      await db.execute(sql`
        update mail_outbox set status = 'sending', attempts = attempts + 1,
          claimed_until = now() + interval '1 millisecond' * ${claimMs()}::float8
        where id = ${id} and status = 'pending'
        returning ${claimColumns}`),
    );
    if (!row) {
      const [current] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
      return { id, status: current?.status === "sent" ? "sent" : current ? "pending" : "failed" };
    }
    return { id, status: await sendClaimed(row, SMTP_URL) };
  } catch (err) {
    log("error", "mail delivery failed", { mailId: id, err });
    return { id, status: "failed" };
  }
}
