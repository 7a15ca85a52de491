/**
 * The mail that closes the loop with residents, all queued by background jobs so the request that
 * caused it does not wait:
 * - `report.outcome-mail`: the reporter learns that their report was approved or rejected (with the reason).
 * - `report.urgent-alert`: an urgent report approved in a municipality mails each follower who asked for
 *   urgent alerts, in batches of 1,000 rows per statement, each mail rendered once per language.
 * - `digest.weekly` (Mondays 07:00 UTC) -> `digest.municipality`: new promotions and events of the week to the
 *   followers who asked for the digest and to the confirmed newsletter addresses.
 * Every mail carries a dedupe key, so a job retried after a crash never mails anyone twice.
 */
import { activePromotion, upcomingEvent } from "~/lib/db/current";
import { type TranslatableRow, type Translations, localized, localizedText } from "~/lib/i18n/localized";
import { and, asc, desc, eq, gt, gte, sql } from "drizzle-orm";
import {
  events,
  merchants,
  municipalities,
  municipalityFollows,
  newsletterSubscriptions,
  promotions,
  reports,
  users,
} from "@db/schema";
import type { DbOrTx } from "~/lib/db/db.server";
import { formatClock, formatDate, formatPriceText, todayIso } from "~/lib/i18n/format";
import { serverT } from "~/lib/i18n/locale.server";
import { discountText } from "~/modules/promotion";
import { type Locale, isLocale } from "~/lib/i18n";
import { PermanentJobError, enqueue, registerJob, registerRecurring } from "~/lib/jobs/jobs.server";
import { type OutgoingMail, queueMails } from "~/lib/mail/mail.server";
import { signToken } from "~/lib/mail/tokens.server";
import { baseUrl } from "~/lib/auth/auth.server";
import {
  type RenderedMail,
  UNSUBSCRIBE_PLACEHOLDER,
  personalise,
  queueTemplateMail,
  renderTemplate,
} from "~/modules/mail/index.server";
import type { DigestItem, TemplateData, TemplateName } from "~/modules/mail";
import { REPORT_JOBS } from "~/modules/report";
import { isUrgentType } from "~/modules/report";
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from "./unsubscribe.server";

/** Jobs this module runs: the two a report's moderation enqueues (report module), and the digests. */
export const JOB = {
  reportOutcome: REPORT_JOBS.outcomeMail,
  urgentAlert: REPORT_JOBS.urgentAlert,
  weeklyDigest: "digest.weekly",
  municipalityDigest: "digest.municipality",
} as const;

const BATCH = 1000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** The epoch was a Thursday: Monday 07:00 UTC is 4 days and 7 hours later. */
const MONDAY_0700_UTC = 4 * DAY + 7 * 3_600_000;

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : "en");

/** Renders a list mail once per language (with a placeholder for the recipient's own unsubscribe link). */
function renderer<K extends TemplateName>(name: K, data: (locale: Locale) => TemplateData<K>) {
  const cache = new Map<Locale, Promise<RenderedMail>>();
  return (locale: Locale) => {
    let hit = cache.get(locale);
    if (!hit) {
      hit = renderTemplate(name, data(locale), { locale, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER });
      cache.set(locale, hit);
    }
    return hit;
  };
}

type Recipient = { rowId: string; email: string; locale: string };

/** One batch of list mail: each recipient's copy with their own unsubscribe link, queued in one statement. */
async function queueBatch(
  recipients: Recipient[],
  render: (locale: Locale) => Promise<RenderedMail>,
  kind: UnsubscribeKind,
  dedupePrefix: string,
): Promise<number> {
  const mails: OutgoingMail[] = [];
  for (const r of recipients) {
    const token = await signToken(UNSUBSCRIBE_KINDS[kind], r.rowId);
    mails.push(
      personalise(await render(localeOf(r.locale)), r.email, {
        unsubscribeUrl: `${baseUrl()}/unsubscribe?token=${token}`,
        dedupeKey: `${dedupePrefix}:${r.rowId}`,
      }),
    );
  }
  return queueMails(mails);
}

registerJob<{ reportId: string }>(JOB.reportOutcome, async ({ reportId }, { db }) => {
  const [row] = await db
    .select({
      id: reports.id,
      status: reports.status,
      type: reports.type,
      description: reports.description,
      reason: reports.moderationReason,
      note: reports.moderationNote,
      email: users.email,
      name: users.name,
      locale: users.locale,
      municipalityName: municipalities.name,
      municipalitySlug: municipalities.slug,
      municipalityLocale: municipalities.originalLocale,
      municipalityTranslations: municipalities.translations,
    })
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.id, reportId))
    .limit(1);
  // Deleted since, reporter gone, or back to pending: nothing to say.
  if (!row?.email || (row.status !== "approved" && row.status !== "rejected")) return;
  await queueTemplateMail("reportOutcome", {
    to: row.email,
    locale: localeOf(row.locale),
    dedupeKey: `report-outcome:${row.id}:${row.status}`,
    data: {
      reporterName: row.name ?? "",
      status: row.status,
      type: row.type,
      description: row.description,
      municipalityName: townName(row, localeOf(row.locale)),
      municipalitySlug: row.municipalitySlug,
      reason: row.status === "rejected" ? row.reason : null,
      note: row.status === "rejected" ? row.note : null,
    },
  });
});

registerJob<{ reportId: string }>(JOB.urgentAlert, async ({ reportId }, ctx) => {
  const { db } = ctx;
  if (typeof reportId !== "string") throw new PermanentJobError("payload without reportId");
  const [report] = await db
    .select({
      id: reports.id,
      status: reports.status,
      type: reports.type,
      description: reports.description,
      createdAt: reports.createdAt,
      placeText: reports.placeText,
      reporterId: reports.reporterId,
      municipalityId: reports.municipalityId,
      municipalityName: municipalities.name,
      municipalitySlug: municipalities.slug,
      municipalityLocale: municipalities.originalLocale,
      municipalityTranslations: municipalities.translations,
    })
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .where(eq(reports.id, reportId))
    .limit(1);
  if (report?.status !== "approved" || !isUrgentType(report.type)) return;
  const render = renderer("urgentAlert", (locale: Locale) => ({
    municipalityName: townName(report, locale),
    municipalitySlug: report.municipalitySlug,
    type: report.type,
    description: report.description,
    reportId: report.id,
    reportedAt: report.createdAt.toISOString(),
    place: report.placeText,
  }));
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await db
      .select({ rowId: municipalityFollows.id, email: users.email, locale: users.locale, userId: users.id })
      .from(municipalityFollows)
      .innerJoin(users, eq(users.id, municipalityFollows.userId))
      .where(
        and(
          eq(municipalityFollows.municipalityId, report.municipalityId),
          eq(municipalityFollows.urgentAlerts, true),
          // Alerts go to proven addresses only.
          eq(users.emailVerified, true),
          gt(municipalityFollows.id, after),
        ),
      )
      .orderBy(asc(municipalityFollows.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].rowId;
    // The reporter hears about their own report from the outcome mail.
    const recipients = batch.filter((r) => r.userId !== report.reporterId);
    await queueBatch(recipients, render, "alerts", `alert:${report.id}`);
    await ctx.extendLease();
    if (batch.length < BATCH) break;
  }
});

registerRecurring(JOB.weeklyDigest, { everyMs: WEEK, offsetMs: MONDAY_0700_UTC, catchUpMs: 36 * 3_600_000 });

registerJob<{ periodStart: string }>(JOB.weeklyDigest, async ({ periodStart }, { db }) => {
  const result = await db.execute(sql`
    select distinct municipality_id as id from (
      select municipality_id from municipality_follows where weekly_digest
      union all
      select municipality_id from newsletter_subscriptions where status = 'confirmed'
    ) recipients`);
  for (const { id } of (result as unknown as { rows: { id: string }[] }).rows) {
    await enqueue(
      JOB.municipalityDigest,
      { municipalityId: id, periodStart },
      { dedupeKey: `${JOB.municipalityDigest}:${periodStart}:${id}` },
    );
  }
});

/** A municipality's name in the reader's language (Bruxelles for a French reader). */
function townName(
  row: { municipalityName: string; municipalityLocale: string; municipalityTranslations: Translations },
  locale: Locale,
) {
  const town = {
    name: row.municipalityName,
    originalLocale: row.municipalityLocale,
    translations: row.municipalityTranslations,
  };
  return localizedText(town, "name", locale) ?? row.municipalityName;
}

/** A promotion's discount or price as the reader reads numbers ("30 % de réduction", "24,50 €"), or none. */
function promotionPrice(
  p: { price: string | null } & Parameters<typeof discountText>[0],
  locale: Locale,
): string | null {
  const t = serverT(locale);
  return discountText(p, locale, (value) => t("common:discount.off", { value })) ?? formatPriceOf(p.price, locale);
}

const formatPriceOf = (price: string | null, locale: Locale) => (price ? formatPriceText(price, locale) : null);

/** An event's date and time (Brussels, as stored) in the reader's format: "14 Mar 2026, 19:30". */
const eventWhen = (e: { startDate: string; time: string | null }, locale: Locale) =>
  e.time ? `${formatDate(e.startDate, locale)}, ${formatClock(e.time, locale)}` : formatDate(e.startDate, locale);

/** A digest item's title in the reader's language, or the original with its language. */
function digestTitle(row: TranslatableRow, locale: Locale) {
  const title = localized(row, "title", locale);
  return { title: title.text ?? "", lang: title.lang, isOriginalFallback: title.isOriginalFallback };
}

/** What the digest of a municipality shows for the week before `periodStart`. */
export async function digestContent(db: DbOrTx, municipalityId: string, periodStart: Date) {
  const since = new Date(periodStart.getTime() - WEEK);
  const today = todayIso(periodStart);
  const [promos, upcoming] = await Promise.all([
    db
      .select({
        id: promotions.id,
        title: promotions.title,
        merchant: merchants.businessName,
        price: promotions.price,
        discount: promotions.discount,
        discountPercent: promotions.discountPercent,
        discountAmountCents: promotions.discountAmountCents,
        validUntil: promotions.validUntil,
        originalLocale: promotions.originalLocale,
        translations: promotions.translations,
      })
      .from(promotions)
      .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
      .where(
        and(
          eq(promotions.municipalityId, municipalityId),
          gte(promotions.createdAt, since),
          sql`${promotions.createdAt} < ${periodStart.toISOString()}`,
          activePromotion(promotions.validUntil, today),
        ),
      )
      .orderBy(desc(promotions.isPremium), desc(promotions.createdAt))
      .limit(10),
    db
      .select({
        id: events.id,
        title: events.title,
        venue: events.venue,
        startDate: events.startDate,
        time: events.time,
        originalLocale: events.originalLocale,
        translations: events.translations,
      })
      .from(events)
      .where(
        and(
          eq(events.municipalityId, municipalityId),
          gte(events.createdAt, since),
          sql`${events.createdAt} < ${periodStart.toISOString()}`,
          upcomingEvent(events.startDate, today),
        ),
      )
      .orderBy(asc(events.startDate))
      .limit(10),
  ]);
  return { promotions: promos, events: upcoming };
}

registerJob<{ municipalityId: string; periodStart: string }>(JOB.municipalityDigest, async (payload, ctx) => {
  const { db } = ctx;
  const periodStart = new Date(payload.periodStart);
  if (Number.isNaN(periodStart.getTime())) throw new PermanentJobError("bad periodStart");
  const [town] = await db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      slug: municipalities.slug,
      isActive: municipalities.isActive,
      originalLocale: municipalities.originalLocale,
      translations: municipalities.translations,
    })
    .from(municipalities)
    .where(eq(municipalities.id, payload.municipalityId))
    .limit(1);
  if (!town?.isActive) return;
  const content = await digestContent(db, town.id, periodStart);
  if (content.promotions.length === 0 && content.events.length === 0) return;
  const data = (audience: "follow" | "newsletter") => (locale: Locale) => ({
    municipalityName: localizedText(town, "name", locale) ?? town.name,
    municipalitySlug: town.slug,
    audience,
    promotions: content.promotions.map(
      (p): DigestItem => ({
        ...digestTitle(p, locale),
        detail: [p.merchant, promotionPrice(p, locale)].filter(Boolean).join(" · "),
        path: `/promotions/${town.slug}/${p.id}`,
      }),
    ),
    events: content.events.map(
      (e): DigestItem => ({
        ...digestTitle(e, locale),
        detail: `${eventWhen(e, locale)} · ${e.venue}`,
        path: `/events/${town.slug}/${e.id}`,
      }),
    ),
  });
  const period = periodStart.toISOString().slice(0, 10);

  const followers = renderer("weeklyDigest", data("follow"));
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await db
      .select({ rowId: municipalityFollows.id, email: users.email, locale: users.locale })
      .from(municipalityFollows)
      .innerJoin(users, eq(users.id, municipalityFollows.userId))
      .where(
        and(
          eq(municipalityFollows.municipalityId, town.id),
          eq(municipalityFollows.weeklyDigest, true),
          eq(users.emailVerified, true),
          gt(municipalityFollows.id, after),
        ),
      )
      .orderBy(asc(municipalityFollows.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].rowId;
    await queueBatch(batch, followers, "digest", `digest:${period}:f`);
    await ctx.extendLease();
    if (batch.length < BATCH) break;
  }

  const subscribers = renderer("weeklyDigest", data("newsletter"));
  after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await db
      .select({
        rowId: newsletterSubscriptions.id,
        email: newsletterSubscriptions.email,
        locale: newsletterSubscriptions.locale,
      })
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.municipalityId, town.id),
          eq(newsletterSubscriptions.status, "confirmed"),
          gt(newsletterSubscriptions.id, after),
          // An address that also follows the municipality with the digest on gets it once.
          sql`not exists (select 1 from municipality_follows f join users u on u.id = f.user_id
            where f.municipality_id = ${town.id} and f.weekly_digest and u.email = ${newsletterSubscriptions.email})`,
        ),
      )
      .orderBy(asc(newsletterSubscriptions.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].rowId;
    await queueBatch(batch, subscribers, "newsletter", `digest:${period}:n`);
    await ctx.extendLease();
    if (batch.length < BATCH) break;
  }
});
