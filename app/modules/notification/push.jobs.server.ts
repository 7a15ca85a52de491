/**
 * Pushing an approved urgent report to the devices of the town's followers. The report's moderation enqueues
 * `report.urgent-push` (report module); this fans out one `push.send` job per device, so each device is retried
 * on its own and a slow push service holds up only its own job. A device the push service no longer knows
 * (404, 410) is forgotten.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { municipalities, municipalityFollows, pushSubscriptions, reports, users } from "@db/schema";
import { type Locale, isLocale } from "~/lib/i18n";
import { serverT } from "~/lib/i18n/locale.server";
import { type Translations, localizedText } from "~/lib/i18n/localized";
import { PermanentJobError, enqueue, registerJob } from "~/lib/jobs/jobs.server";
import { reportTypeLabel } from "~/modules/mail";
import { REPORT_JOBS, isUrgentType } from "~/modules/report";
import { type PushMessage, sendPush } from "./push.server";

const SEND = "push.send";
const BATCH = 500;

type ReportForPush = {
  id: string;
  status: string;
  type: string;
  description: string;
  reporterId: string | null;
  municipalityId: string;
  name: string;
  slug: string;
  originalLocale: string;
  translations: Translations;
};

async function loadReport(db: Parameters<Parameters<typeof registerJob>[1]>[1]["db"], reportId: unknown) {
  if (typeof reportId !== "string") throw new PermanentJobError("payload without reportId");
  const [report] = await db
    .select({
      id: reports.id,
      status: reports.status,
      type: reports.type,
      description: reports.description,
      reporterId: reports.reporterId,
      municipalityId: reports.municipalityId,
      name: municipalities.name,
      slug: municipalities.slug,
      originalLocale: municipalities.originalLocale,
      translations: municipalities.translations,
    })
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .where(eq(reports.id, reportId))
    .limit(1);
  return (report ?? null) as ReportForPush | null;
}

/** The notification a follower reads: the type and town in their language, the start of the description. */
function urgentPushMessage(report: ReportForPush, locale: Locale): PushMessage {
  const t = serverT(locale);
  const city = localizedText(report, "name", locale) ?? report.name;
  const text = report.description.replace(/\s+/g, " ").trim();
  return {
    title: t("common:push.urgentTitle", { type: reportTypeLabel(t, report.type), city }),
    body: text.length > 140 ? `${text.slice(0, 139)}…` : text,
    url: `/reports/${report.slug}`,
    tag: `report-${report.id}`,
  };
}

registerJob<{ reportId: string }>(REPORT_JOBS.urgentPush, async ({ reportId }, ctx) => {
  const report = await loadReport(ctx.db, reportId);
  if (report?.status !== "approved" || !isUrgentType(report.type)) return;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await ctx.db
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .innerJoin(
        municipalityFollows,
        and(
          eq(municipalityFollows.userId, pushSubscriptions.userId),
          eq(municipalityFollows.municipalityId, report.municipalityId),
          eq(municipalityFollows.urgentAlerts, true),
        ),
      )
      .where(gt(pushSubscriptions.id, after))
      .orderBy(asc(pushSubscriptions.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    for (const sub of batch) {
      if (sub.userId === report.reporterId) continue;
      await enqueue(
        SEND,
        { subscriptionId: sub.id, reportId: report.id },
        { dedupeKey: `push:${report.id}:${sub.id}` },
      );
    }
    await ctx.extendLease();
    if (batch.length < BATCH) break;
  }
});

registerJob<{ subscriptionId: string; reportId: string }>(
  SEND,
  async ({ subscriptionId, reportId }, { db }) => {
    if (typeof subscriptionId !== "string") throw new PermanentJobError("payload without subscriptionId");
    const report = await loadReport(db, reportId);
    if (report?.status !== "approved") return;
    const [sub] = await db
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        locale: users.locale,
      })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.id, subscriptionId))
      .limit(1);
    if (!sub) return;
    const status = await sendPush(sub, urgentPushMessage(report, isLocale(sub.locale) ? sub.locale : "en"));
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      return;
    }
    if (status >= 200 && status < 300) {
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: new Date() })
        .where(eq(pushSubscriptions.id, subscriptionId));
      return;
    }
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
    throw new PermanentJobError(`push service refused the message (${status})`);
  },
  { maxAttempts: 5, baseDelayMs: 30_000 },
);
