/**
 * Residents' privacy rights (issue #19, GDPR articles 15, 17 and 20):
 * - **Export.** `requestExport` adds a `data_exports` row and a `privacy.export` job (privacy.jobs.server.ts)
 *   that gathers everything held about the account (`collectUserData`) as JSON and a readable HTML summary;
 *   the requester is mailed when it is ready; it can be downloaded until `expires_at` (EXPORT_TTL_DAYS).
 * - **Erasure.** `eraseAccount` deletes the account and everything that is theirs in one transaction: sessions,
 *   credentials, follows, newsletter addresses, contact messages, mail to or from the address, pending and
 *   rejected reports (approved ones too when asked; otherwise they stay public, unlinked, as "Anonymous"), the
 *   merchant record with its promotions and events, exports. The audit log keeps that an account was deleted,
 *   under a hash of the account id, and the user's earlier audit rows lose their email and IP address. The
 *   last administrator cannot be erased. A confirmation mail to the address is queued in the same transaction.
 */
import { authorize } from "~/lib/auth/authorize";
import crypto from "node:crypto";
import { and, count, desc, eq, gt, or, sql } from "drizzle-orm";
import {
  contactMessages,
  dataExports,
  events,
  media,
  merchants,
  municipalities,
  municipalityFollows,
  newsletterSubscriptions,
  platformEventLogs,
  promotions,
  reports,
  sessions,
  subscriptions,
  users,
} from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { baseUrl } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { ForbiddenError, HttpError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { type Locale, isLocale } from "~/lib/i18n";
import { enqueue } from "~/lib/jobs/jobs.server";
import { securityEvent } from "~/lib/log.server";
import { accountLock, noteRetryAfter } from "~/lib/http/rate-limit.server";
import { recordEvent } from "~/modules/log/index.server";
import { queueTemplateMail } from "~/modules/mail/index.server";
import { MEDIA_SWEEP_JOB } from "~/modules/media/index.server";
import { storedMediaUrl } from "~/modules/media";
import { forgetNewsletterLimit } from "~/modules/notification/index.server";
import { checkCurrentPassword } from "~/lib/auth/password.server";
import { can } from "./privacy.policy";
import { isTextId, isUuid } from "~/lib/db/query";

export const EXPORT_JOB = "privacy.export";
/** Exports one requester may prepare for one account per 24 hours. */
export const EXPORTS_PER_DAY = 3;

/** Audit events that make up a person's sign-in history. */
export const SIGN_IN_EVENTS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "auth.password_reset_requested",
] as const;

/** What stands for an erased account in the audit log: not reversible to an email address. */
export function subjectHash(userId: string): string {
  return crypto.createHash("sha256").update(`buurtplatform:account:${userId}`).digest("hex").slice(0, 24);
}

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : "en");

/* ---------------------------------------------------------------------------------------------------------- */
/* What the platform holds about one account                                                                   */

export type UserData = Awaited<ReturnType<typeof collectUserData>>;

/** One query per table (never one per row); the lists of a very active account are capped at 10,000 rows. */
export async function collectUserData(db: DbOrTx, userId: string) {
  const CAP = 10_000;
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      locale: users.locale,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      municipalityName: municipalities.name,
      municipalitySlug: municipalities.slug,
    })
    .from(users)
    .leftJoin(municipalities, eq(municipalities.id, users.municipalityId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return null;
  const email = account.email;
  const [
    reportRows,
    followRows,
    newsletterRows,
    contactRows,
    merchantRows,
    promotionRows,
    eventRows,
    subscriptionRows,
    sessionRows,
    auditRows,
    mediaRows,
  ] = await Promise.all([
    db
      .select({
        id: reports.id,
        type: reports.type,
        description: reports.description,
        imageUrl: reports.imageUrl,
        status: reports.status,
        moderationReason: reports.moderationReason,
        moderationNote: reports.moderationNote,
        moderatedAt: reports.moderatedAt,
        createdAt: reports.createdAt,
        municipality: municipalities.name,
      })
      .from(reports)
      .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
      .where(eq(reports.reporterId, userId))
      .orderBy(desc(reports.createdAt))
      .limit(CAP),
    db
      .select({
        municipality: municipalities.name,
        municipalitySlug: municipalities.slug,
        urgentAlerts: municipalityFollows.urgentAlerts,
        weeklyDigest: municipalityFollows.weeklyDigest,
        createdAt: municipalityFollows.createdAt,
      })
      .from(municipalityFollows)
      .innerJoin(municipalities, eq(municipalities.id, municipalityFollows.municipalityId))
      .where(eq(municipalityFollows.userId, userId))
      .orderBy(municipalities.name),
    db
      .select({
        email: newsletterSubscriptions.email,
        municipality: municipalities.name,
        status: newsletterSubscriptions.status,
        locale: newsletterSubscriptions.locale,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        createdAt: newsletterSubscriptions.createdAt,
      })
      .from(newsletterSubscriptions)
      .innerJoin(municipalities, eq(municipalities.id, newsletterSubscriptions.municipalityId))
      .where(or(eq(newsletterSubscriptions.userId, userId), eq(newsletterSubscriptions.email, email)))
      .orderBy(municipalities.name),
    db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)))
      .orderBy(desc(contactMessages.createdAt))
      .limit(CAP),
    db
      .select({
        businessName: merchants.businessName,
        businessEmail: merchants.businessEmail,
        vatNumber: merchants.vatNumber,
        logoUrl: merchants.logoUrl,
        address: merchants.address,
        phoneNumber: merchants.phoneNumber,
        websiteUrl: merchants.websiteUrl,
        facebookUrl: merchants.facebookUrl,
        instagramUrl: merchants.instagramUrl,
        openingHours: merchants.openingHours,
        category: merchants.category,
        isPremium: merchants.isPremium,
        createdAt: merchants.createdAt,
      })
      .from(merchants)
      .where(eq(merchants.id, userId))
      .limit(1),
    db
      .select({
        id: promotions.id,
        title: promotions.title,
        description: promotions.description,
        imageUrl: promotions.imageUrl,
        category: promotions.category,
        price: promotions.price,
        originalPrice: promotions.originalPrice,
        discount: promotions.discount,
        validUntil: promotions.validUntil,
        termsAndConditions: promotions.termsAndConditions,
        createdAt: promotions.createdAt,
      })
      .from(promotions)
      .where(eq(promotions.merchantId, userId))
      .orderBy(desc(promotions.createdAt))
      .limit(CAP),
    db
      .select({
        id: events.id,
        title: events.title,
        description: events.description,
        imageUrl: events.imageUrl,
        venue: events.venue,
        startDate: events.startDate,
        time: events.time,
        price: events.price,
        category: events.category,
        createdAt: events.createdAt,
      })
      .from(events)
      .where(eq(events.merchantId, userId))
      .orderBy(desc(events.createdAt))
      .limit(CAP),
    db
      .select({
        tier: subscriptions.tier,
        status: subscriptions.status,
        startDate: subscriptions.startDate,
        endDate: subscriptions.endDate,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(100),
    db
      .select({
        eventType: platformEventLogs.eventType,
        description: platformEventLogs.description,
        metadata: platformEventLogs.metadata,
        createdAt: platformEventLogs.createdAt,
      })
      .from(platformEventLogs)
      .where(eq(platformEventLogs.userId, userId))
      .orderBy(desc(platformEventLogs.createdAt))
      .limit(CAP),
    // Uploaded photos (issue #14): what each one is attached to, and its address.
    db
      .select({
        hash: media.hash,
        width: media.width,
        height: media.height,
        reportId: media.reportId,
        promotionId: media.promotionId,
        eventId: media.eventId,
        merchantId: media.merchantId,
        createdAt: media.createdAt,
      })
      .from(media)
      .where(eq(media.ownerId, userId))
      .orderBy(desc(media.createdAt))
      .limit(CAP),
  ]);
  const signIns = new Set<string>(SIGN_IN_EVENTS);
  const merchant = merchantRows[0];
  return {
    format: "buurtplatform-export/1",
    generatedAt: new Date().toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
      role: account.role,
      language: account.locale,
      createdAt: account.createdAt,
      updatedAt: account.updatedAt,
    },
    municipality: account.municipalityName ? { name: account.municipalityName, slug: account.municipalitySlug } : null,
    reports: reportRows,
    follows: followRows,
    newsletterSubscriptions: newsletterRows,
    contactMessages: contactRows,
    merchant: merchant ? { ...merchant, promotions: promotionRows, events: eventRows } : null,
    subscriptions: subscriptionRows,
    /** Uploaded photos (issue #14): the largest JPEG of each, and what it belongs to. */
    images: mediaRows.map((m) => ({
      url: `${baseUrl()}${storedMediaUrl(m.hash)}`,
      width: m.width,
      height: m.height,
      attachedTo: m.reportId
        ? `report:${m.reportId}`
        : m.promotionId
          ? `promotion:${m.promotionId}`
          : m.eventId
            ? `event:${m.eventId}`
            : m.merchantId
              ? "merchant-logo"
              : null,
      createdAt: m.createdAt,
    })),
    signInHistory: auditRows
      .filter((r) => signIns.has(r.eventType))
      .map((r) => ({ at: r.createdAt, event: r.eventType, ip: (r.metadata?.ip as string | undefined) ?? null })),
    activeSessions: sessionRows,
    activity: auditRows
      .filter((r) => !signIns.has(r.eventType))
      .map((r) => ({ at: r.createdAt, event: r.eventType, description: r.description })),
  };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Export requests and downloads                                                                               */

export type ExportSummary = {
  id: string;
  status: "pending" | "ready" | "failed";
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date;
};

async function assertUserExists(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Asks for an export of `userId` ("self": the actor's own, from /profile; "admin": on the user's request, from
 * the admin panel). One pending export per requester at a time: asking again while one is being prepared
 * returns it.
 */
export async function requestExport(
  actor: Actor | null,
  userId: string,
  via: "self" | "admin",
): Promise<{ id: string; created: boolean }> {
  authorize(can, actor, "export", { userId, via });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertUserExists(tx, userId);
    const requestedBy = via === "admin" ? actor.id : null;
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          eq(dataExports.status, "pending"),
          requestedBy ? eq(dataExports.requestedBy, requestedBy) : sql`${dataExports.requestedBy} is null`,
        ),
      )
      .limit(1);
    if (pending) return { id: pending.id, created: false };
    // Each export is a full copy of the account's data: a few a day are plenty.
    const [{ n: today, wait }] = await tx
      .select({
        n: count(),
        // When the oldest of them leaves the day: the answer's Retry-After.
        wait: sql<number>`ceil(extract(epoch from (min(${dataExports.createdAt}) + interval '1 day' - now())))::int`,
      })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          sql`${dataExports.createdAt} > now() - interval '1 day'`,
          requestedBy ? eq(dataExports.requestedBy, requestedBy) : sql`${dataExports.requestedBy} is null`,
        ),
      );
    if (Number(today) >= EXPORTS_PER_DAY) {
      noteRetryAfter(Math.max(1, Number(wait)));
      throw new HttpError(429, "account:privacy.export.tooMany");
    }
    const expiresAt = new Date(Date.now() + env().EXPORT_TTL_DAYS * 86_400_000);
    const [row] = await tx
      .insert(dataExports)
      .values({ userId, requestedBy, expiresAt })
      .returning({ id: dataExports.id });
    await enqueue(EXPORT_JOB, { exportId: row.id }, { dedupeKey: `${EXPORT_JOB}:${row.id}`, maxAttempts: 5 }, tx);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "privacy.export_requested",
        description:
          via === "admin"
            ? `${actor.email} requested a data export of an account on its owner's request`
            : `${actor.email} requested a download of their data`,
        metadata: { userId, via, exportId: row.id },
      },
      tx,
    );
    return { id: row.id, created: true };
  });
}

/** The exports of `userId` the actor may download (the user's own; an admin's: those they requested). */
export async function listExports(
  actor: Actor | null,
  userId: string,
  via: "self" | "admin",
): Promise<ExportSummary[]> {
  authorize(can, actor, "export", { userId, via });
  const db = await getDb();
  const rows = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      createdAt: dataExports.createdAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        gt(dataExports.expiresAt, sql`now()`),
        via === "admin" ? eq(dataExports.requestedBy, actor.id) : sql`${dataExports.requestedBy} is null`,
      ),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
  return rows.map((r) => ({ ...r, status: r.status as ExportSummary["status"] }));
}

export type ExportFormat = "json" | "html";

/**
 * A prepared export's file, for its subject or the administrator who asked for it: 404 for anyone else,
 * for an unknown id, and once it has expired (nothing says whether it ever existed).
 */
export async function getExportFile(
  actor: Actor | null,
  id: string,
  format: string,
): Promise<{ body: string; filename: string; contentType: string }> {
  if (!actor) throw new ForbiddenError();
  if (!isUuid(id) || (format !== "json" && format !== "html")) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .select({
      id: dataExports.id,
      userId: dataExports.userId,
      requestedBy: dataExports.requestedBy,
      status: dataExports.status,
      json: dataExports.json,
      html: dataExports.html,
      expiresAt: dataExports.expiresAt,
      readyAt: dataExports.readyAt,
    })
    .from(dataExports)
    .where(eq(dataExports.id, id))
    .limit(1);
  if (!row || !can(actor, "download", row)) throw new NotFoundError();
  if (row.status !== "ready" || row.expiresAt.getTime() <= Date.now()) throw new NotFoundError();
  const body = format === "json" ? row.json : row.html;
  if (body == null) throw new NotFoundError();
  if (row.userId !== actor.id) {
    await recordEvent({
      userId: actor.id,
      eventType: "privacy.export_downloaded",
      description: `${actor.email} downloaded the data export of an account on its owner's request`,
      metadata: { userId: row.userId, exportId: row.id, format },
    });
  }
  const day = (row.readyAt ?? new Date()).toISOString().slice(0, 10);
  return {
    body,
    filename: `buurtplatform-my-data-${day}.${format}`,
    contentType: format === "json" ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
  };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Erasure                                                                                                     */

export type EraseOptions = { deleteReports: boolean };
export type EraseResult = {
  subject: string;
  imagesDeleted: number;
  reportsDeleted: number;
  reportsAnonymised: number;
  promotionsDeleted: number;
  eventsDeleted: number;
};

/** /profile: the user erases their own account after re-entering their password. */
export async function deleteOwnAccount(
  actor: Actor | null,
  input: { currentPassword: string; deleteReports: boolean },
): Promise<EraseResult> {
  if (!actor) throw new ForbiddenError();
  authorize(can, actor, "erase", { userId: actor.id, via: "self" });
  await checkCurrentPassword(actor, input.currentPassword);
  return eraseAccount(actor, actor.id, { deleteReports: input.deleteReports }, "self");
}

/**
 * Deletes the account `userId` and everything that is theirs (see the file's comment), in one transaction.
 * `via: "admin"` is an administrator acting on the user's request (never on their own account).
 */
export async function eraseAccount(
  actor: Actor | null,
  userId: string,
  options: EraseOptions,
  via: "self" | "admin",
): Promise<EraseResult> {
  if (!actor || !can(actor, "erase", { userId, via })) {
    if (actor && via === "admin" && actor.role === "admin" && actor.id === userId) {
      throw new ValidationError("admin:users.ownDelete");
    }
    throw new ForbiddenError();
  }
  const db = await getDb();
  const subject = subjectHash(userId);
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name, role: users.role, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .for("update");
    if (!user) throw new NotFoundError();
    if (user.role === "admin") {
      // Lock the administrators' rows so two last admins cannot erase each other at the same moment.
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
      if (admins.length <= 1) throw new ValidationError("account:privacy.delete.lastAdmin");
    }
    const email = user.email;

    // Reports: pending and rejected ones are not public and go; approved ones stay, unlinked, unless asked.
    const deleted = await tx
      .delete(reports)
      .where(
        and(eq(reports.reporterId, userId), options.deleteReports ? sql`true` : sql`${reports.status} <> 'approved'`),
      )
      .returning({ id: reports.id });
    const anonymised = await tx
      .update(reports)
      .set({ reporterId: null })
      .where(eq(reports.reporterId, userId))
      .returning({ id: reports.id });
    const [{ n: promotionsDeleted }] = await tx
      .select({ n: count() })
      .from(promotions)
      .where(eq(promotions.merchantId, userId));
    const [{ n: eventsDeleted }] = await tx.select({ n: count() }).from(events).where(eq(events.merchantId, userId));

    // Rows that name the person by address rather than by account.
    await tx.delete(contactMessages).where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)));
    await tx
      .delete(newsletterSubscriptions)
      .where(or(eq(newsletterSubscriptions.userId, userId), eq(newsletterSubscriptions.email, email)));
    await tx.execute(sql`delete from mail_outbox where to_address = ${email} or reply_to = ${email}`);
    await tx.execute(
      sql`delete from verifications where value = ${userId} or identifier = ${email} or identifier like ${`%:${email}`}`,
    );
    await tx.execute(sql`delete from jobs where payload->>'userId' = ${userId} and status <> 'running'`);
    // The live stream's "new resident/merchant" events name the account (issue #15).
    await tx.execute(sql`delete from live_events where kind in ('user', 'merchant') and ref_id = ${userId}`);
    // Rate-limit counters of the signed-in user ("report:user:<id>", PostgreSQL).
    await tx.execute(sql`delete from rate_limits where key like ${`%:user:${userId}`}`);

    // The audit log: the person's own rows lose their address and IP, rows about them name a hash instead.
    await tx.execute(sql`
      update platform_event_logs set
        user_id = case when user_id = ${userId} then null else user_id end,
        description = replace(description, ${email}, '[deleted account]'),
        metadata = (case when metadata->>'userId' = ${userId}
                      then (metadata - 'userId') || jsonb_build_object('subject', ${subject}::text)
                      else metadata end)
                   - (case when user_id = ${userId} then array['ip', 'email'] else array[]::text[] end)
      where user_id = ${userId} or metadata->>'userId' = ${userId} or position(${email} in description) > 0`);

    // Uploaded photos (issue #14): every upload of the user goes, including the photo of a report that stays
    // public as "Anonymous" (the photo was theirs; the report keeps its text). Rows cascade from the account;
    // the image address kept in a remaining report is cleared.
    const photos = await tx.delete(media).where(eq(media.ownerId, userId)).returning({ hash: media.hash });
    if (photos.length > 0 && anonymised.length > 0) {
      await tx
        .update(reports)
        .set({ imageUrl: null })
        .where(
          and(
            sql`${reports.id} in (${sql.join(
              anonymised.map((r) => sql`${r.id}`),
              sql`, `,
            )})`,
            sql`${reports.imageUrl} like '/media/%'`,
          ),
        );
    }

    // The account itself: sessions, credentials, follows, subscriptions, exports and the merchant record with
    // its promotions and events follow by cascade.
    await tx.delete(users).where(eq(users.id, userId));

    // The confirmation goes to the address after every other mail to it was deleted (queued in this
    // transaction: it exists only if the erasure commits).
    await queueTemplateMail(
      "notice",
      {
        to: email,
        locale: localeOf(user.locale),
        dedupeKey: `account-deleted:${subject}`,
        data: {
          subjectKey: "mail:privacy.deletedSubject",
          paragraphKeys: [
            "mail:common.greeting",
            "mail:privacy.deletedIntro",
            options.deleteReports || anonymised.length === 0
              ? "mail:privacy.deletedReportsGone"
              : "mail:privacy.deletedReportsKept",
            "mail:privacy.deletedNotYou",
          ],
          values: { name: user.name },
          action: { labelKey: "mail:privacy.deletedButton", url: `${baseUrl()}/` },
        },
      },
      tx,
    );

    const outcome = {
      subject,
      imagesDeleted: photos.length,
      reportsDeleted: deleted.length,
      reportsAnonymised: anonymised.length,
      promotionsDeleted: Number(promotionsDeleted),
      eventsDeleted: Number(eventsDeleted),
    };
    await recordEvent(
      {
        userId: via === "admin" ? actor.id : null,
        eventType: "user.account_deleted",
        description:
          via === "admin"
            ? `${actor.email} deleted a ${user.role} account on its owner's request`
            : `A ${user.role} account was deleted by its owner`,
        metadata: { ...outcome, role: user.role, via },
      },
      tx,
    );
    return { ...outcome, email };
  });
  // Failed sign-ins and newsletter mail counts are kept under keyed hashes of the address: forget them too.
  await accountLock.clear(result.email).catch(() => {});
  await forgetNewsletterLimit(result.email).catch(() => {});
  // Files of a directory media store are removed by the media sweep: run it now rather than within the hour.
  if (result.imagesDeleted > 0) await enqueue(MEDIA_SWEEP_JOB, {}, {}).catch(() => null);
  securityEvent("user.account_deleted", { actorId: via === "admin" ? actor.id : null, subject, via });
  const { email: _email, ...out } = result;
  return out;
}

/** For the admin panel's privacy page: the account's name, address and role (admin only). */
export async function getAccountForPrivacy(actor: Actor | null, userId: string) {
  if (!can(actor, "export", { userId, via: "admin" })) throw new ForbiddenError();
  if (!isTextId(userId)) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}
