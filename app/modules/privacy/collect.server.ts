/**
 * Everything the platform holds about one account, for its export: one query per table (never one per row),
 * the lists of a very active account capped at CAP rows. A table that names a person gets a function here and a
 * place in `collectUserData`; the privacy test that discovers every column naming a user checks none is missed.
 */
import { desc, eq, or } from "drizzle-orm";
import {
  contactMessages,
  eventAttendances,
  events,
  favourites,
  media,
  merchants,
  municipalities,
  municipalityFollows,
  pushSubscriptions,
  newsletterSubscriptions,
  platformEventLogs,
  promotions,
  reports,
  reviewFlags,
  reviews,
  sessions,
  subscriptions,
  users,
  vouchers,
} from "@db/schema";
import { baseUrl } from "~/lib/auth/auth.server";
import type { DbOrTx } from "~/lib/db/db.server";
import { storedMediaUrl } from "~/modules/media";

const CAP = 10_000;

/** Audit events that make up a person's sign-in history. */
export const SIGN_IN_EVENTS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "auth.password_reset_requested",
] as const;

const accountOf = async (db: DbOrTx, userId: string) => {
  const [row] = await db
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
  return row ?? null;
};

const reportsOf = (db: DbOrTx, userId: string) =>
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
    .limit(CAP);

const followsOf = (db: DbOrTx, userId: string) =>
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
    .orderBy(municipalities.name);

/** The devices that get push notifications: the push service (not the device's address or keys) and when. */
const pushDevicesOf = async (db: DbOrTx, userId: string) =>
  (
    await db
      .select({
        endpoint: pushSubscriptions.endpoint,
        device: pushSubscriptions.userAgent,
        createdAt: pushSubscriptions.createdAt,
        lastSentAt: pushSubscriptions.lastSentAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt)
  ).map(({ endpoint, ...row }) => ({ pushService: new URL(endpoint).host, ...row }));
/** The person's vouchers: which deal, the code, when claimed and redeemed. */
const vouchersOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      code: vouchers.code,
      promotion: promotions.title,
      merchant: merchants.businessName,
      validUntil: promotions.validUntil,
      claimedAt: vouchers.claimedAt,
      redeemedAt: vouchers.redeemedAt,
    })
    .from(vouchers)
    .innerJoin(promotions, eq(promotions.id, vouchers.promotionId))
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .where(eq(vouchers.userId, userId))
    .orderBy(desc(vouchers.claimedAt))
    .limit(CAP);

/** By account and by address: a subscription made before the account existed is theirs too. */
const newsletterSubscriptionsOf = (db: DbOrTx, userId: string, email: string) =>
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
    .orderBy(municipalities.name);

const contactMessagesOf = (db: DbOrTx, userId: string, email: string) =>
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
    .limit(CAP);

/** The events the person registered for (the registration goes with the event or the account). */
const eventAttendancesOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      title: events.title,
      venue: events.venue,
      startDate: events.startDate,
      municipality: municipalities.name,
      createdAt: eventAttendances.createdAt,
    })
    .from(eventAttendances)
    .innerJoin(events, eq(events.id, eventAttendances.eventId))
    .leftJoin(municipalities, eq(municipalities.id, events.municipalityId))
    .where(eq(eventAttendances.userId, userId))
    .orderBy(desc(eventAttendances.createdAt))
    .limit(CAP);

const merchantRecordOf = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({
      businessName: merchants.businessName,
      businessEmail: merchants.businessEmail,
      vatNumber: merchants.vatNumber,
      logoUrl: merchants.logoUrl,
      address: merchants.address,
      latitude: merchants.latitude,
      longitude: merchants.longitude,
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
    .limit(1);
  return row ?? null;
};

const promotionsOf = (db: DbOrTx, userId: string) =>
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
      discountPercent: promotions.discountPercent,
      discountAmountCents: promotions.discountAmountCents,
      validUntil: promotions.validUntil,
      termsAndConditions: promotions.termsAndConditions,
      createdAt: promotions.createdAt,
    })
    .from(promotions)
    .where(eq(promotions.merchantId, userId))
    .orderBy(desc(promotions.createdAt))
    .limit(CAP);

const eventsOf = (db: DbOrTx, userId: string) =>
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
    .limit(CAP);

const subscriptionsOf = (db: DbOrTx, userId: string) =>
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
    .orderBy(desc(subscriptions.createdAt));

const sessionsOf = (db: DbOrTx, userId: string) =>
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
    .limit(100);

const auditRowsOf = (db: DbOrTx, userId: string) =>
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
    .limit(CAP);

/** Reviews the person wrote, with the merchant's answer, and the reviews they flagged. */
const reviewsOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      merchant: merchants.businessName,
      rating: reviews.rating,
      text: reviews.body,
      status: reviews.status,
      verified: reviews.verified,
      answer: reviews.answer,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .innerJoin(merchants, eq(merchants.id, reviews.merchantId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(CAP);

const reviewFlagsOf = (db: DbOrTx, userId: string) =>
  db
    .select({ reviewId: reviewFlags.reviewId, createdAt: reviewFlags.createdAt })
    .from(reviewFlags)
    .where(eq(reviewFlags.userId, userId))
    .orderBy(desc(reviewFlags.createdAt))
    .limit(CAP);

/** Saved promotions and events. */
const favouritesOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      promotion: promotions.title,
      event: events.title,
      promotionId: favourites.promotionId,
      eventId: favourites.eventId,
      createdAt: favourites.createdAt,
    })
    .from(favourites)
    .leftJoin(promotions, eq(promotions.id, favourites.promotionId))
    .leftJoin(events, eq(events.id, favourites.eventId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt))
    .limit(CAP);

/** Uploaded photos: the largest JPEG of each, and what it belongs to. */
const uploadsOf = async (db: DbOrTx, userId: string) => {
  const rows = await db
    .select({
      hash: media.hash,
      width: media.width,
      height: media.height,
      reportId: media.reportId,
      promotionId: media.promotionId,
      eventId: media.eventId,
      merchantId: media.merchantId,
      galleryImageId: media.galleryImageId,
      municipalityId: media.municipalityId,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(eq(media.ownerId, userId))
    .orderBy(desc(media.createdAt))
    .limit(CAP);
  const attachedTo = (m: (typeof rows)[number]) =>
    m.reportId
      ? `report:${m.reportId}`
      : m.promotionId
        ? `promotion:${m.promotionId}`
        : m.eventId
          ? `event:${m.eventId}`
          : m.merchantId
            ? "merchant-logo"
            : m.galleryImageId
              ? `gallery-picture:${m.galleryImageId}`
              : m.municipalityId
                ? `municipality-logo:${m.municipalityId}`
                : null;
  return rows.map((m) => ({
    url: `${baseUrl()}${storedMediaUrl(m.hash)}`,
    width: m.width,
    height: m.height,
    attachedTo: attachedTo(m),
    createdAt: m.createdAt,
  }));
};

/** The audit rows split into the sign-in history and the rest of the person's activity. */
function splitAudit(rows: Awaited<ReturnType<typeof auditRowsOf>>) {
  const signIns = new Set<string>(SIGN_IN_EVENTS);
  return {
    signInHistory: rows
      .filter((r) => signIns.has(r.eventType))
      .map((r) => ({ at: r.createdAt, event: r.eventType, ip: (r.metadata?.ip as string | undefined) ?? null })),
    activity: rows
      .filter((r) => !signIns.has(r.eventType))
      .map((r) => ({ at: r.createdAt, event: r.eventType, description: r.description })),
  };
}

export type UserData = NonNullable<Awaited<ReturnType<typeof collectUserData>>>;

/** The export's content (JSON as it is; the HTML summary is rendered from it), or null for an unknown account. */
export async function collectUserData(db: DbOrTx, userId: string) {
  const account = await accountOf(db, userId);
  if (!account) return null;
  const email = account.email;
  const [
    reportRows,
    follows,
    newsletter,
    contact,
    merchant,
    promotionRows,
    eventRows,
    subs,
    sessionRows,
    audit,
    images,
    pushDevices,
    attendances,
    reviewRows,
    flagRows,
    favouriteRows,
    voucherRows,
  ] = await Promise.all([
    reportsOf(db, userId),
    followsOf(db, userId),
    newsletterSubscriptionsOf(db, userId, email),
    contactMessagesOf(db, userId, email),
    merchantRecordOf(db, userId),
    promotionsOf(db, userId),
    eventsOf(db, userId),
    subscriptionsOf(db, userId),
    sessionsOf(db, userId),
    auditRowsOf(db, userId),
    uploadsOf(db, userId),
    pushDevicesOf(db, userId),
    eventAttendancesOf(db, userId),
    reviewsOf(db, userId),
    reviewFlagsOf(db, userId),
    favouritesOf(db, userId),
    vouchersOf(db, userId),
  ]);
  const { signInHistory, activity } = splitAudit(audit);
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
    follows,
    pushDevices,
    reviews: reviewRows,
    reviewFlags: flagRows,
    favourites: favouriteRows.map((f) => ({
      kind: f.promotionId ? "promotion" : "event",
      id: f.promotionId ?? f.eventId,
      title: f.promotion ?? f.event,
      savedAt: f.createdAt,
    })),
    newsletterSubscriptions: newsletter,
    contactMessages: contact,
    eventAttendances: attendances,
    merchant: merchant ? { ...merchant, promotions: promotionRows, events: eventRows } : null,
    subscriptions: subs,
    images,
    vouchers: voucherRows,
    signInHistory,
    activeSessions: sessionRows,
    activity,
  };
}
