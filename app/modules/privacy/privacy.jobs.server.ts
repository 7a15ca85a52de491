/**
 * The privacy jobs:
 * - `privacy.export`: builds one requested data export (JSON + HTML) and mails the requester a link.
 * - `privacy.retention` (daily, 03:20 UTC): keeps personal data only as long as needed (see README "Privacy").
 *   Audit entries older than RETENTION_DAYS lose their IP and email addresses (sign-in/out records, which are
 *   about nothing else, are deleted); sessions that expired, contact messages older than a year, newsletter
 *   addresses left unconfirmed for 7 days, the newsletter's per-address mail counts once their day is over,
 *   expired exports and expired verification tokens are deleted, and so are live-stream events
 *   older than a day: a page reads only the last hour's, and a stream resumes from its last event id, so an
 *   older row serves nobody while it still names an account.
 */
import { eq, sql } from "drizzle-orm";
import { dataExports, users } from "@db/schema";
import { baseUrl } from "~/lib/auth/auth.server";
import { type DbOrTx, changedRows } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { type Locale, isLocale } from "~/lib/i18n";
import { PermanentJobError, registerJob, registerRecurring } from "~/lib/jobs/jobs.server";
import { log } from "~/lib/log.server";
import { queueTemplateMail } from "~/modules/mail/index.server";
import { renderExportHtml } from "./export-html.server";
import { SIGN_IN_EVENTS, collectUserData } from "./collect.server";
import { EXPORT_JOB } from "./privacy.server";

const RETENTION_JOB = "privacy.retention";
const DAY = 86_400_000;

/** The fixed periods (RETENTION_DAYS is configurable); documented in the README and the privacy policy. */
const RETENTION = {
  contactMessageDays: 365,
  unconfirmedNewsletterDays: 7,
  expiredSessionDays: 1,
  liveEventDays: 1,
} as const;

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : "en");
const rowCount = (result: unknown) => changedRows(result) ?? 0;

/** Builds the export `exportId` (idempotent: a ready one is left as it is). */
async function buildExport(db: DbOrTx, exportId: string): Promise<void> {
  const [row] = await db
    .select({
      id: dataExports.id,
      userId: dataExports.userId,
      requestedBy: dataExports.requestedBy,
      status: dataExports.status,
    })
    .from(dataExports)
    .where(eq(dataExports.id, exportId))
    .limit(1);
  // Deleted meanwhile (the account was erased) or already built.
  if (!row || row.status === "ready") return;
  const data = await collectUserData(db, row.userId);
  if (!data) return;
  const locale = localeOf(data.account.language);
  const json = JSON.stringify(data, null, 2);
  const html = renderExportHtml(data, locale);
  const updated = await db
    .update(dataExports)
    .set({
      status: "ready",
      json,
      html,
      sizeBytes: Buffer.byteLength(json) + Buffer.byteLength(html),
      readyAt: new Date(),
    })
    .where(eq(dataExports.id, exportId))
    .returning({ expiresAt: dataExports.expiresAt });
  if (!updated[0]) return;

  // The requester hears that it is ready: the user themselves on /profile, or the administrator who asked.
  let to = data.account.email;
  let mailLocale = locale;
  let name = data.account.name;
  let url = `${baseUrl()}/profile#privacy`;
  if (row.requestedBy) {
    const [admin] = await db
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.id, row.requestedBy))
      .limit(1);
    if (!admin) return;
    to = admin.email;
    mailLocale = localeOf(admin.locale);
    name = admin.name;
    url = `${baseUrl()}/admin/users/${row.userId}/privacy`;
  }
  await queueTemplateMail("notice", {
    to,
    locale: mailLocale,
    dedupeKey: `privacy.export-ready:${exportId}`,
    data: {
      subjectKey: "mail:privacy.exportSubject",
      paragraphKeys: ["mail:common.greeting", "mail:privacy.exportIntro", "mail:privacy.exportExpiry"],
      values: { name, days: String(env().EXPORT_TTL_DAYS) },
      action: { labelKey: "mail:privacy.exportButton", url },
    },
  });
}

registerJob<{ exportId: string }>(
  EXPORT_JOB,
  async ({ exportId }, { db }) => {
    if (typeof exportId !== "string") throw new PermanentJobError("payload without exportId");
    try {
      await buildExport(db, exportId);
    } catch (err) {
      await db
        .update(dataExports)
        .set({ status: "failed" })
        .where(eq(dataExports.id, exportId))
        .catch(() => {});
      throw err;
    }
  },
  { maxAttempts: 5 },
);

type RetentionResult = Record<
  | "auditDeleted"
  | "auditReduced"
  | "sessions"
  | "contactMessages"
  | "newsletterPending"
  | "newsletterLimits"
  | "exports"
  | "verifications"
  | "deletionMails"
  | "liveEvents",
  number
>;

/** One pass of the retention rules (the daily job; tests call it with a fixed `now`). */
export async function applyRetention(db: DbOrTx, now = new Date()): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - env().RETENTION_DAYS * DAY).toISOString();
  const at = now.toISOString();
  const signIns = sql.join(
    SIGN_IN_EVENTS.map((e) => sql`${e}`),
    sql`, `,
  );
  const auditDeleted = rowCount(
    await db.execute(sql`delete from platform_event_logs
      where created_at < ${cutoff}::timestamptz and event_type in (${signIns})`),
  );
  // Other audit entries keep what happened, without the addresses: IP and email fields go, and any email
  // address in the description is replaced.
  const auditReduced = rowCount(
    await db.execute(sql`update platform_event_logs set
        metadata = metadata - 'ip' - 'email',
        description = regexp_replace(description, '[^[:space:]()<>,;:"]+@[^[:space:]()<>,;:"]+', '[address removed]', 'g')
      where created_at < ${cutoff}::timestamptz
        and (metadata ? 'ip' or metadata ? 'email' or description like '%@%')`),
  );
  const sessions = rowCount(
    await db.execute(
      sql`delete from sessions where expires_at < ${at}::timestamptz - ${`${RETENTION.expiredSessionDays} days`}::interval`,
    ),
  );
  const contactMessages = rowCount(
    await db.execute(
      sql`delete from contact_messages where created_at < ${at}::timestamptz - ${`${RETENTION.contactMessageDays} days`}::interval`,
    ),
  );
  const newsletterPending = rowCount(
    await db.execute(sql`delete from newsletter_subscriptions where status = 'pending'
      and created_at < ${at}::timestamptz - ${`${RETENTION.unconfirmedNewsletterDays} days`}::interval`),
  );
  const exports = rowCount(await db.execute(sql`delete from data_exports where expires_at < ${at}::timestamptz`));
  const verifications = rowCount(
    await db.execute(sql`delete from verifications where expires_at < ${at}::timestamptz`),
  );
  // The confirmation of an erasure is the last row holding the erased address: gone once it was delivered.
  const deletionMails = rowCount(
    await db.execute(
      sql`delete from mail_outbox where dedupe_key like 'account-deleted:%' and status in ('sent', 'failed')`,
    ),
  );
  // The newsletter's per-address counts (a keyed hash, no address) once their 24-hour window has ended.
  const newsletterLimits = rowCount(
    await db.execute(sql`delete from newsletter_confirm_limits where window_ends_at < ${at}::timestamptz`),
  );
  const liveEvents = rowCount(
    await db.execute(
      sql`delete from live_events where created_at < ${at}::timestamptz - ${`${RETENTION.liveEventDays} days`}::interval`,
    ),
  );
  return {
    liveEvents,
    auditDeleted,
    auditReduced,
    sessions,
    contactMessages,
    newsletterPending,
    newsletterLimits,
    exports,
    verifications,
    deletionMails,
  };
}

registerRecurring(RETENTION_JOB, { everyMs: DAY, offsetMs: 3 * 3_600_000 + 20 * 60_000 });
registerJob(RETENTION_JOB, async (_payload, { db }) => {
  const result = await applyRetention(db);
  log("info", "retention applied", result);
});
