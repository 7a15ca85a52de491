/**
 * Erasure of an account (the right to be forgotten): the account and everything that is theirs go in one
 * transaction, each kind of data in a step of its own below. What stays: approved reports the person chose to
 * leave public (unlinked, shown as "Anonymous") and the audit log's record that an account was deleted, under a
 * hash of its id. The last administrator cannot be erased. A confirmation mail is queued in the same transaction.
 */
import crypto from "node:crypto";
import { and, count, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import {
  contactMessages,
  events,
  media,
  municipalities,
  newsletterSubscriptions,
  promotions,
  reports,
  users,
  vouchers,
} from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { baseUrl } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { accountLock } from "~/lib/http/rate-limit.server";
import { type Locale, isLocale } from "~/lib/i18n";
import { enqueue } from "~/lib/jobs/jobs.server";
import { securityEvent } from "~/lib/log.server";
import { recordEvent } from "~/modules/log/index.server";
import { queueTemplateMail } from "~/modules/mail/index.server";
import { MEDIA_SWEEP_JOB } from "~/modules/media/index.server";
import { forgetNewsletterLimit } from "~/modules/notification/index.server";
import { can, isOwnAccountInAdminPanel, mustKeepOneAdmin } from "./privacy.policy";

type EraseOptions = { deleteReports: boolean };
export type EraseResult = {
  subject: string;
  imagesDeleted: number;
  reportsDeleted: number;
  reportsAnonymised: number;
  promotionsDeleted: number;
  eventsDeleted: number;
};

/** What stands for an erased account in the audit log: not reversible to an email address. */
export function subjectHash(userId: string): string {
  return crypto.createHash("sha256").update(`buurtplatform:account:${userId}`).digest("hex").slice(0, 24);
}

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : "en");

/** The account, locked for the erasure; the last administrator is refused. */
async function lockAccount(tx: DbOrTx, userId: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for("update");
  if (!user) throw new NotFoundError();
  if (mustKeepOneAdmin(user.role)) {
    // Lock the administrators' rows so two last admins cannot erase each other at the same moment.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    if (admins.length <= 1) throw new ValidationError("account:privacy.delete.lastAdmin");
  }
  return user;
}

/** Pending and rejected reports are not public and go; approved ones stay, unlinked, unless asked. */
async function eraseReports(tx: DbOrTx, userId: string, options: EraseOptions) {
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
  return { deleted, anonymised };
}

/** How many promotions and events leave with the merchant record (they cascade from the account). */
async function countOwnContent(tx: DbOrTx, userId: string) {
  const [{ n: promotionsDeleted }] = await tx
    .select({ n: count() })
    .from(promotions)
    .where(eq(promotions.merchantId, userId));
  const [{ n: eventsDeleted }] = await tx.select({ n: count() }).from(events).where(eq(events.merchantId, userId));
  return { promotionsDeleted: Number(promotionsDeleted), eventsDeleted: Number(eventsDeleted) };
}

/** Rows that name the person by address, or by id inside a payload or a key, rather than by account. */
async function eraseUnlinkedRows(tx: DbOrTx, userId: string, email: string) {
  await tx.delete(contactMessages).where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)));
  await tx
    .delete(newsletterSubscriptions)
    .where(or(eq(newsletterSubscriptions.userId, userId), eq(newsletterSubscriptions.email, email)));
  await tx.execute(sql`delete from mail_outbox where to_address = ${email} or reply_to = ${email}`);
  await tx.execute(
    sql`delete from verifications where value = ${userId} or identifier = ${email} or identifier like ${`%:${email}`}`,
  );
  await tx.execute(sql`delete from jobs where payload->>'userId' = ${userId} and status <> 'running'`);
  // The live stream's "new resident/merchant" events name the account.
  await tx.execute(sql`delete from live_events where kind in ('user', 'merchant') and ref_id = ${userId}`);
  // Rate-limit counters of the signed-in user ("report:user:<id>", PostgreSQL).
  await tx.execute(sql`delete from rate_limits where key like ${`%:user:${userId}`}`);
}

/**
 * Vouchers not yet redeemed go (their stock is free again); redeemed ones stay without their owner, so the
 * merchant's counts do not change.
 */
async function eraseVouchers(tx: DbOrTx, userId: string) {
  await tx.delete(vouchers).where(and(eq(vouchers.userId, userId), sql`${vouchers.redeemedAt} is null`));
  await tx.update(vouchers).set({ userId: null }).where(eq(vouchers.userId, userId));
}

/** The audit log: the person's own rows lose their address and IP, rows about them name a hash instead. */
async function scrubAuditLog(tx: DbOrTx, userId: string, email: string, subject: string) {
  await tx.execute(sql`
    update platform_event_logs set
      user_id = case when user_id = ${userId} then null else user_id end,
      description = replace(description, ${email}, '[deleted account]'),
      metadata = (case when metadata->>'userId' = ${userId}
                    then (metadata - 'userId') || jsonb_build_object('subject', ${subject}::text)
                    else metadata end)
                 - (case when user_id = ${userId} then array['ip', 'email'] else array[]::text[] end)
    where user_id = ${userId} or metadata->>'userId' = ${userId} or position(${email} in description) > 0`);
}

/**
 * A municipality's logo belongs to the platform, not to the administrator who uploaded it: it passes to another
 * administrator. With none left (the account was an administrator's once), the logo goes and the municipality
 * shows none rather than a missing picture.
 */
async function handOnMunicipalityLogos(tx: DbOrTx, userId: string) {
  const logos = and(eq(media.ownerId, userId), isNotNull(media.municipalityId));
  const [heir] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), ne(users.id, userId)))
    .limit(1);
  if (heir) {
    await tx.update(media).set({ ownerId: heir.id }).where(logos);
    return;
  }
  await tx
    .update(municipalities)
    .set({ logoUrl: null })
    .where(sql`${municipalities.id} in (select ${media.municipalityId} from ${media} where ${logos})`);
}

/**
 * Every upload of the user goes, including the photo of a report that stays public as "Anonymous" (the photo
 * was theirs; the report keeps its text): its image address is cleared. Returns how many went.
 */
async function eraseUploads(tx: DbOrTx, userId: string, keptReportIds: string[]) {
  await handOnMunicipalityLogos(tx, userId);
  const photos = await tx.delete(media).where(eq(media.ownerId, userId)).returning({ hash: media.hash });
  if (photos.length > 0 && keptReportIds.length > 0) {
    await tx
      .update(reports)
      .set({ imageUrl: null })
      .where(
        and(
          sql`${reports.id} in (${sql.join(
            keptReportIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
          sql`${reports.imageUrl} like '/media/%'`,
        ),
      );
  }
  return photos.length;
}

/** The confirmation, queued after every other mail to the address was deleted: it exists only if the erasure commits. */
async function queueConfirmation(
  tx: DbOrTx,
  user: { email: string; name: string; locale: string },
  subject: string,
  reportsKept: boolean,
) {
  await queueTemplateMail(
    "notice",
    {
      to: user.email,
      locale: localeOf(user.locale),
      dedupeKey: `account-deleted:${subject}`,
      data: {
        subjectKey: "mail:privacy.deletedSubject",
        paragraphKeys: [
          "mail:common.greeting",
          "mail:privacy.deletedIntro",
          reportsKept ? "mail:privacy.deletedReportsKept" : "mail:privacy.deletedReportsGone",
          "mail:privacy.deletedNotYou",
        ],
        values: { name: user.name, contactUrl: `${baseUrl()}/contact` },
        action: { labelKey: "mail:privacy.deletedButton", url: `${baseUrl()}/` },
      },
    },
    tx,
  );
}

/**
 * Deletes the account `userId` and everything that is theirs, in one transaction. `via: "admin"` is an
 * administrator acting on the user's request (never on their own account).
 */
export async function eraseAccount(
  actor: Actor | null,
  userId: string,
  options: EraseOptions,
  via: "self" | "admin",
): Promise<EraseResult> {
  if (!actor || !can(actor, "erase", { userId, via })) {
    if (actor && via === "admin" && isOwnAccountInAdminPanel(actor, userId)) {
      throw new ValidationError("admin:users.ownDelete");
    }
    throw new ForbiddenError();
  }
  const subject = subjectHash(userId);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    const { deleted, anonymised } = await eraseReports(tx, userId, options);
    const content = await countOwnContent(tx, userId);
    await eraseUnlinkedRows(tx, userId, user.email);
    await eraseVouchers(tx, userId);
    await scrubAuditLog(tx, userId, user.email, subject);
    const imagesDeleted = await eraseUploads(
      tx,
      userId,
      anonymised.map((r) => r.id),
    );
    // The account itself: sessions, credentials, follows, subscriptions, push devices, exports, event
    // registrations, reviews (written, and of the business), review flags, favourites and the merchant record
    // with its promotions and events follow by cascade.
    await tx.delete(users).where(eq(users.id, userId));
    await queueConfirmation(tx, user, subject, !options.deleteReports && anonymised.length > 0);
    const outcome = {
      subject,
      imagesDeleted,
      reportsDeleted: deleted.length,
      reportsAnonymised: anonymised.length,
      ...content,
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
    return { ...outcome, email: user.email };
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
