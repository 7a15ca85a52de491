/**
 * Residents' privacy rights on a real database: the export (background job, contents, who may
 * download), the erasure (what goes, what stays as "Anonymous", the last administrator, the audit record
 * without the address) with a count of the user's rows across EVERY table found in the catalog, and the
 * retention job.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  contactMessages,
  dataExports,
  eventAttendances,
  favourites,
  mailOutbox,
  media,
  municipalityFollows,
  newsletterConfirmLimits,
  newsletterSubscriptions,
  platformEventLogs,
  reports,
  reviewFlags,
  reviews,
  sessions,
  users,
} from "@db/schema";
import { getAuth } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { drainJobs } from "~/lib/jobs/jobs.server";
import { withRetryAfter } from "~/lib/http/rate-limit.server";
import { recordEvent } from "~/modules/log/log.server";
import { applyRetention } from "~/modules/privacy/privacy.jobs.server";
import { newsletterLimitKey } from "~/modules/notification/newsletter.server";
import "~/jobs.server";
import { eraseAccount, subjectHash } from "~/modules/privacy/erase.server";
import { deleteOwnAccount, getAccountForPrivacy, getExportFile, requestExport } from "~/modules/privacy/privacy.server";
import { storedMediaUrl } from "~/modules/media/media.url";
import { deleteUser } from "~/modules/user/user.admin.server";
import type { AppLoadContext } from "react-router";
import { serverT } from "~/lib/i18n/locale.server";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { loader as downloadLoader } from "~/routes/account/export-download";
import { action as adminPrivacyAction, loader as adminPrivacyLoader } from "~/routes/admin/user-privacy";
import { FACTORY_PASSWORD, actorFor, makeMunicipality, makeUser } from "../factories";
import { makeEvent, makeMerchant, makePromotion, makeReport } from "./public-helpers";
import { claimVoucher, redeemVoucher } from "~/modules/voucher/voucher.server";

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every place in the database that still names the user: each column that is a foreign key to users.id
 * (found in pg_catalog, so a new table cannot be forgotten) holding their id, and each text or JSON column of
 * every table (found in information_schema) containing their id, email address or name. Returns
 * "table.column" -> number of rows.
 */
async function rowsNaming(db: DbOrTx, user: { id: string; email: string; name: string }) {
  const found: Record<string, number> = {};
  const fks = rowsOf<{ tbl: string; col: string }>(
    await db.execute(sql`
      select cl.relname as tbl, a.attname as col
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass`),
  );
  const keyed = [{ tbl: "users", col: "id" }, ...fks];
  for (const { tbl, col } of keyed) {
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from ${ident(tbl)} where ${ident(col)} = '${user.id}'`)),
    );
    if (n > 0) found[`${tbl}.${col}`] = n;
  }
  const textColumns = rowsOf<{ tbl: string; col: string }>(
    await db.execute(sql`
      select table_name as tbl, column_name as col from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')
      order by table_name, column_name`),
  );
  const needles = [user.id, user.email, user.name].map((s) => s.toLowerCase().replace(/'/g, "''"));
  for (const { tbl, col } of textColumns) {
    const where = needles.map((n) => `position('${n}' in lower(${ident(col)}::text)) > 0`).join(" or ");
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from ${ident(tbl)} where ${where}`)),
    );
    if (n > 0) found[`${tbl}.${col}`] = Math.max(found[`${tbl}.${col}`] ?? 0, n);
  }
  return { found, fkTables: fks.map((f) => `${f.tbl}.${f.col}`) };
}

/** A resident with something in every table that can hold their data. */
async function residentWithData() {
  const town = await makeMunicipality();
  const other = await makeMunicipality();
  const user = await makeUser("user", { municipalityId: town.id });
  const actor = await actorFor(user);
  const db = await getDb();
  const approved = await makeReport(user.id, town.id, { description: "Broken street light on Kerkstraat" });
  const pending = await makeReport(user.id, town.id, { status: "pending", description: "Pothole on Molenweg" });
  const rejected = await makeReport(user.id, town.id, {
    status: "rejected",
    moderationReason: "duplicate",
    description: "Duplicate pothole",
  });
  // A photo on the approved report.
  const hash = crypto.randomBytes(16).toString("hex");
  await db.insert(media).values({ hash, ownerId: user.id, reportId: approved.id, width: 1280, height: 960 });
  await db
    .update(reports)
    .set({ imageUrl: storedMediaUrl(hash) })
    .where(eq(reports.id, approved.id));
  await db.insert(municipalityFollows).values({ userId: user.id, municipalityId: other.id, weeklyDigest: true });
  // A registration for an event (event_attendances).
  const organiser = await makeUser("merchant", { municipalityId: town.id });
  const event = await makeEvent(organiser.id, town.id, { title: "Street party" });
  await db.insert(eventAttendances).values({ eventId: event.id, userId: user.id });
  await db
    .insert(newsletterSubscriptions)
    .values({ email: user.email, municipalityId: town.id, userId: user.id, status: "confirmed" });
  await db.insert(contactMessages).values({
    name: user.name,
    email: user.email,
    subject: "About my street",
    message: "Hello, a question about my street.",
    userId: user.id,
  });
  await db.insert(mailOutbox).values({ to: "contact@town.test", replyTo: user.email, subject: "Q", text: "Q" });
  await db.insert(mailOutbox).values({ to: user.email, subject: "Your report", text: `Hello ${user.name}` });
  await recordEvent({
    userId: user.id,
    eventType: "auth.sign_in",
    description: `${user.email} signed in`,
    metadata: { ip: "203.0.113.7" },
  });
  await db.execute(
    sql`insert into rate_limits (key, count, reset_at) values (${`report:user:${user.id}`}, 1, now() + interval '1 hour')`,
  );
  // A review of a merchant, a flag on someone else's review, and a saved promotion.
  const shop = await makeMerchant(town.id);
  const someone = await makeUser("user");
  await db.insert(reviews).values({ merchantId: shop.id, userId: user.id, rating: 4, body: "Friendly shop" });
  const [theirs] = await db
    .insert(reviews)
    .values({ merchantId: shop.id, userId: someone.id, rating: 1 })
    .returning({ id: reviews.id });
  await db.insert(reviewFlags).values({ reviewId: theirs.id, userId: user.id });
  const saved = await makePromotion(shop.id, town.id);
  await db.insert(favourites).values({ userId: user.id, promotionId: saved.id });
  // The newsletter's mail count of the address, under its keyed hash.
  await db
    .insert(newsletterConfirmLimits)
    .values({ key: await newsletterLimitKey(user.email), sent: 1, windowEndsAt: new Date(Date.now() + 3_600_000) });
  // A voucher (redeemed: it stays for the merchant's counts, without its owner) and one not yet used.
  const counter = await makeMerchant(town.id);
  const deal = await makePromotion(counter.id, town.id, { title: "Voucher deal", voucherLimit: 2 });
  const used = await claimVoucher(actor, deal.id);
  await claimVoucher(actor, deal.id);
  await redeemVoucher(await actorFor(counter), used.code);
  return { town, other, user, actor, approved, pending, rejected, hash };
}

describe("data export", () => {
  it("is built in the background and holds the account, reports, follows, newsletter, messages and sign-ins", async () => {
    const { user, actor, other, hash, approved } = await residentWithData();
    const { id, created } = await requestExport(actor, user.id, "self");
    expect(created).toBe(true);
    // Asking again while it is being prepared returns the same one.
    expect((await requestExport(actor, user.id, "self")).id).toBe(id);
    await expect(getExportFile(actor, id, "json")).rejects.toBeInstanceOf(NotFoundError);
    await drainJobs();

    const json = JSON.parse((await getExportFile(actor, id, "json")).body);
    expect(json.account).toMatchObject({ id: user.id, email: user.email, name: user.name });
    expect(json.reports.map((r: { description: string }) => r.description).sort()).toEqual([
      "Broken street light on Kerkstraat",
      "Duplicate pothole",
      "Pothole on Molenweg",
    ]);
    expect(json.reports.find((r: { status: string }) => r.status === "rejected").moderationReason).toBe("duplicate");
    expect(json.follows).toEqual([expect.objectContaining({ municipality: other.name, weeklyDigest: true })]);
    expect(json.newsletterSubscriptions).toHaveLength(1);
    expect(json.eventAttendances).toEqual([expect.objectContaining({ title: "Street party" })]);
    expect(json.contactMessages[0]).toMatchObject({ subject: "About my street" });
    expect(json.signInHistory[0]).toMatchObject({ event: "auth.sign_in", ip: "203.0.113.7" });
    expect(json.merchant).toBeNull();
    expect(json.reviews).toEqual([expect.objectContaining({ rating: 4, text: "Friendly shop" })]);
    expect(json.reviewFlags).toHaveLength(1);
    expect(json.favourites).toEqual([expect.objectContaining({ kind: "promotion", title: "Promo" })]);
    expect(json.vouchers).toHaveLength(2);
    expect(json.vouchers[0]).toMatchObject({ promotion: "Voucher deal" });
    expect(json.images).toEqual([
      expect.objectContaining({
        url: expect.stringContaining(storedMediaUrl(hash)),
        attachedTo: `report:${approved.id}`,
      }),
    ]);

    const html = await getExportFile(actor, id, "html");
    expect(html.contentType).toMatch(/text\/html/);
    expect(html.body).toContain("Broken street light on Kerkstraat");
    expect(html.body).toContain("203.0.113.7");
    expect(html.body).not.toMatch(/<script/i);

    // The requester is told by email.
    const db = await getDb();
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `privacy.export-ready:${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(user.email);
  });

  it("escapes what the user wrote in the HTML summary", async () => {
    const town = await makeMunicipality();
    const user = await makeUser("user", { municipalityId: town.id });
    const actor = await actorFor(user);
    await makeReport(user.id, town.id, { description: `<script>alert("x")</script><img src=x onerror=1>` });
    const { id } = await requestExport(actor, user.id, "self");
    await drainJobs();
    const { body } = await getExportFile(actor, id, "html");
    expect(body).not.toContain("<script>alert");
    expect(body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("is downloadable only by its subject and the administrator who asked for it, and not after it expired", async () => {
    const town = await makeMunicipality();
    const user = await makeUser("user", { municipalityId: town.id });
    const actor = await actorFor(user);
    const stranger = await actorFor(await makeUser("user"));
    const admin = await actorFor(await makeUser("admin"));
    const otherAdmin = await actorFor(await makeUser("admin"));

    const own = await requestExport(actor, user.id, "self");
    const onRequest = await requestExport(admin, user.id, "admin");
    await drainJobs();
    await expect(getExportFile(stranger, own.id, "json")).rejects.toBeInstanceOf(NotFoundError);
    await expect(getExportFile(admin, own.id, "json")).rejects.toBeInstanceOf(NotFoundError);
    await expect(getExportFile(null, own.id, "json")).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getExportFile(actor, own.id, "pdf")).rejects.toBeInstanceOf(NotFoundError);
    await expect(getExportFile(actor, "not-a-uuid", "json")).rejects.toBeInstanceOf(NotFoundError);

    expect((await getExportFile(admin, onRequest.id, "json")).body).toContain(user.email);
    expect((await getExportFile(actor, onRequest.id, "json")).body).toContain(user.email);
    await expect(getExportFile(otherAdmin, onRequest.id, "json")).rejects.toBeInstanceOf(NotFoundError);

    // A few a day: the fourth request of the day is refused (429).
    await requestExport(actor, user.id, "self");
    await drainJobs();
    await requestExport(actor, user.id, "self");
    await drainJobs();
    await expect(requestExport(actor, user.id, "self")).rejects.toMatchObject({
      status: 429,
      message: "account:privacy.export.tooMany",
    });
    // The answer's Retry-After: until the oldest of the day's exports is a day old.
    const quota = await withRetryAfter(() => requestExport(actor, user.id, "self").catch((e) => e));
    expect(quota.result).toMatchObject({ status: 429 });
    expect(quota.wait).toBeGreaterThan(80_000);
    expect(quota.wait).toBeLessThanOrEqual(86_400);

    // An account id that cannot be one (a NUL: PostgreSQL refuses it in text) is not found, before any query.
    await expect(getAccountForPrivacy(admin, `${user.id}\u0000`)).rejects.toBeInstanceOf(NotFoundError);

    // Only administrators export someone else's data; residents only their own.
    await expect(requestExport(stranger, user.id, "self")).rejects.toBeInstanceOf(ForbiddenError);
    await expect(requestExport(stranger, user.id, "admin")).rejects.toBeInstanceOf(ForbiddenError);

    // The admin's request and download are in the audit log under the admin's identity.
    const db = await getDb();
    const logged = await db.select().from(platformEventLogs).where(eq(platformEventLogs.userId, admin.id));
    expect(logged.map((l) => l.eventType)).toEqual(
      expect.arrayContaining(["privacy.export_requested", "privacy.export_downloaded"]),
    );

    await db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, own.id));
    await expect(getExportFile(actor, own.id, "json")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("includes a merchant's business, promotions and events", async () => {
    const town = await makeMunicipality();
    const merchant = await makeUser("merchant", { municipalityId: town.id });
    await makePromotion(merchant.id, town.id, { title: "Two coffees for one" });
    await makeEvent(merchant.id, town.id, { title: "Jazz on the square" });
    const actor = await actorFor(merchant);
    const { id } = await requestExport(actor, merchant.id, "self");
    await drainJobs();
    const json = JSON.parse((await getExportFile(actor, id, "json")).body);
    expect(json.merchant.businessName).toMatch(/^Shop /);
    expect(json.merchant.promotions[0].title).toBe("Two coffees for one");
    expect(json.merchant.events[0].title).toBe("Jazz on the square");
  });
});

describe("account deletion", () => {
  it("the row count finds a user's data in every table, including a table it was never told about", async () => {
    const { user } = await residentWithData();
    const db = await getDb();
    await db.execute(sql`create table h19_extra (id serial primary key, owner text references users(id))`);
    try {
      await db.execute(sql`insert into h19_extra (owner) values (${user.id})`);
      const { found, fkTables } = await rowsNaming(db, user);
      expect(fkTables).toEqual(
        expect.arrayContaining([
          "sessions.user_id",
          "accounts.user_id",
          "reports.reporter_id",
          "merchants.id",
          "municipality_follows.user_id",
          "newsletter_subscriptions.user_id",
          "contact_messages.user_id",
          "platform_event_logs.user_id",
          "data_exports.user_id",
          "media.owner_id",
          "event_attendances.user_id",
          "reviews.user_id",
          "review_flags.user_id",
          "favourites.user_id",
          "h19_extra.owner",
        ]),
      );
      expect(found).toMatchObject({
        "users.id": 1,
        "h19_extra.owner": 1,
        "reports.reporter_id": 3,
        "contact_messages.email": 1,
        "mail_outbox.reply_to": 1,
        "platform_event_logs.description": 1,
        "rate_limits.key": 1,
        "media.owner_id": 1,
        "event_attendances.user_id": 1,
        "reviews.user_id": 1,
        "review_flags.user_id": 1,
        "favourites.user_id": 1,
      });
    } finally {
      await db.execute(sql`drop table h19_extra`);
    }
  });

  it("erases everything of the user; approved reports stay as Anonymous; the audit log keeps only the fact", async () => {
    const { user, actor, approved, pending, rejected } = await residentWithData();
    const { id: exportId } = await requestExport(actor, user.id, "self");
    await drainJobs();
    const db = await getDb();

    await expect(
      deleteOwnAccount(actor, { currentPassword: "wrong-password-1", deleteReports: false }),
    ).rejects.toBeInstanceOf(ValidationError);
    const result = await deleteOwnAccount(actor, { currentPassword: FACTORY_PASSWORD, deleteReports: false });
    expect(result).toMatchObject({
      reportsDeleted: 2,
      reportsAnonymised: 1,
      imagesDeleted: 1,
      subject: subjectHash(user.id),
    });

    const left = await db
      .select()
      .from(reports)
      .where(sql`${reports.id} in (${approved.id}, ${pending.id}, ${rejected.id})`);
    expect(left).toEqual([
      expect.objectContaining({ id: approved.id, reporterId: null, status: "approved", imageUrl: null }),
    ]);
    expect(await db.select().from(dataExports).where(eq(dataExports.id, exportId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const limitKey = await newsletterLimitKey(user.email);
    expect(await db.select().from(newsletterConfirmLimits).where(eq(newsletterConfirmLimits.key, limitKey))).toEqual(
      [],
    );

    // The confirmation mail is the one row left that holds the address, until it has been delivered.
    const { found } = await rowsNaming(db, user);
    expect(Object.keys(found).filter((k) => !k.startsWith("mail_outbox."))).toEqual([]);
    const [confirmation] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `account-deleted:${subjectHash(user.id)}`));
    expect(confirmation.to).toBe(user.email);
    await db.update(mailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(mailOutbox.id, confirmation.id));
    await applyRetention(db);
    expect((await rowsNaming(db, user)).found).toEqual({});

    // The audit log says an account was deleted, under a hash, without the address.
    const [deletion] = await db
      .select()
      .from(platformEventLogs)
      .where(
        sql`${platformEventLogs.eventType} = 'user.account_deleted' and metadata->>'subject' = ${subjectHash(user.id)}`,
      );
    expect(deletion.userId).toBeNull();
    expect(JSON.stringify(deletion)).not.toContain(user.email);

    // Signing in is no longer possible.
    const auth = await getAuth();
    const res = await auth.api.signInEmail({
      body: { email: user.email, password: FACTORY_PASSWORD },
      asResponse: true,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it("deletes approved reports too when asked, and a merchant's business with its promotions and events", async () => {
    const town = await makeMunicipality();
    const merchant = await makeUser("merchant", { municipalityId: town.id });
    await makeReport(merchant.id, town.id, { description: "Approved by a merchant" });
    const promo = await makePromotion(merchant.id, town.id);
    const event = await makeEvent(merchant.id, town.id);
    const actor = await actorFor(merchant);
    const result = await deleteOwnAccount(actor, { currentPassword: FACTORY_PASSWORD, deleteReports: true });
    expect(result).toMatchObject({ reportsDeleted: 1, reportsAnonymised: 0, promotionsDeleted: 1, eventsDeleted: 1 });
    const db = await getDb();
    expect(
      rowsOf(
        await db.execute(
          sql`select id from promotions where id = ${promo.id} union all select id from events where id = ${event.id}`,
        ),
      ),
    ).toEqual([]);
    const { found } = await rowsNaming(db, merchant);
    expect(Object.keys(found).filter((k) => !k.startsWith("mail_outbox."))).toEqual([]);
  });

  it("never erases the last administrator; an administrator erases others on request, logged under their name", async () => {
    const db = await getDb();
    // Make this the only administrator for the moment.
    const others = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    try {
      const admin = await actorFor(await makeUser("admin"));
      await expect(
        deleteOwnAccount(admin, { currentPassword: FACTORY_PASSWORD, deleteReports: false }),
      ).rejects.toMatchObject({ message: "account:privacy.delete.lastAdmin" });
      expect(await db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);

      // The panel never erases its own administrator's account.
      await expect(eraseAccount(admin, admin.id, { deleteReports: false }, "admin")).rejects.toBeInstanceOf(
        ValidationError,
      );

      const second = await actorFor(await makeUser("admin"));
      const resident = await makeUser("user");
      await eraseAccount(admin, resident.id, { deleteReports: false }, "admin");
      const [logged] = await db
        .select()
        .from(platformEventLogs)
        .where(
          sql`${platformEventLogs.eventType} = 'user.account_deleted' and metadata->>'subject' = ${subjectHash(resident.id)}`,
        );
      expect(logged.userId).toBe(admin.id);
      expect(logged.description).toContain(admin.email);
      expect(logged.description).not.toContain(resident.email);

      // The users panel's delete is the same erasure.
      const viaPanel = await makeUser("user");
      await deleteUser(admin, viaPanel.id);
      expect((await rowsNaming(db, viaPanel)).found).not.toHaveProperty("users.id");

      // With a second administrator, one may leave.
      await deleteOwnAccount(second, { currentPassword: FACTORY_PASSWORD, deleteReports: false });
      expect(await db.select().from(users).where(eq(users.id, second.id))).toEqual([]);

      const resident2 = await actorFor(await makeUser("user"));
      await expect(eraseAccount(resident2, admin.id, { deleteReports: false }, "admin")).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      await expect(eraseAccount(resident2, admin.id, { deleteReports: false }, "self")).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    } finally {
      if (others.length)
        await db
          .update(users)
          .set({ role: "admin" })
          .where(
            sql`${users.id} in (${sql.join(
              others.map((o) => sql`${o.id}`),
              sql`, `,
            )})`,
          );
    }
  });
});

describe("retention", () => {
  it("reduces old audit rows, deletes old sign-ins, sessions, contact messages, pending newsletter addresses, exports and old live events", async () => {
    const db = await getDb();
    const town = await makeMunicipality();
    const user = await makeUser("user", { municipalityId: town.id });
    const old = new Date(Date.now() - 200 * 86_400_000);
    const recent = new Date(Date.now() - 10 * 86_400_000);
    const marker = `ret-${Date.now()}`;
    await db.insert(platformEventLogs).values([
      {
        userId: user.id,
        eventType: "auth.sign_in",
        description: `${user.email} signed in`,
        metadata: { ip: "198.51.100.1", marker },
        createdAt: old,
      },
      {
        userId: user.id,
        eventType: "user.profile_updated",
        description: `${user.email} updated their profile`,
        metadata: { ip: "198.51.100.2", marker },
        createdAt: old,
      },
      {
        userId: user.id,
        eventType: "auth.sign_in",
        description: `${user.email} signed in`,
        metadata: { ip: "198.51.100.3", marker },
        createdAt: recent,
      },
    ]);
    await db.insert(contactMessages).values([
      {
        name: "A",
        email: `old-${marker}@x.test`,
        subject: marker,
        message: "m",
        createdAt: new Date(Date.now() - 400 * 86_400_000),
      },
      { name: "B", email: `new-${marker}@x.test`, subject: marker, message: "m", createdAt: recent },
    ]);
    await db.insert(newsletterSubscriptions).values([
      {
        email: `p-old-${marker}@x.test`,
        municipalityId: town.id,
        status: "pending",
        createdAt: new Date(Date.now() - 8 * 86_400_000),
      },
      { email: `p-new-${marker}@x.test`, municipalityId: town.id, status: "pending" },
      { email: `c-old-${marker}@x.test`, municipalityId: town.id, status: "confirmed", createdAt: old },
    ]);
    await db.insert(sessions).values({
      id: `s-${marker}`,
      token: `t-${marker}`,
      userId: user.id,
      expiresAt: new Date(Date.now() - 3 * 86_400_000),
      ipAddress: "198.51.100.9",
    });
    await db
      .insert(dataExports)
      .values({ userId: user.id, status: "ready", json: "{}", html: "", expiresAt: new Date(Date.now() - 1000) });

    // Live-stream rows: one from two days ago goes, one from an hour ago stays.
    const [{ oldId, newId }] = (
      (await db.execute(sql`with ins as (
        insert into live_events (municipality_id, kind, ref_id, created_at)
        values (${town.id}, 'user', ${user.id}, now() - interval '2 days'), (${town.id}, 'user', ${user.id}, now() - interval '1 hour')
        returning id, created_at)
      select (select id from ins order by created_at limit 1)::text as "oldId",
        (select id from ins order by created_at desc limit 1)::text as "newId"`)) as unknown as {
        rows: { oldId: string; newId: string }[];
      }
    ).rows;

    const result = await applyRetention(db);
    expect(result.liveEvents).toBeGreaterThanOrEqual(1);
    const live = (
      (await db.execute(
        sql`select id::text as id from live_events where id in (${oldId}::bigint, ${newId}::bigint)`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
    expect(live).toEqual([newId]);
    expect(result.auditDeleted).toBeGreaterThanOrEqual(1);
    expect(result.auditReduced).toBeGreaterThanOrEqual(1);

    const audit = await db.select().from(platformEventLogs).where(sql`metadata->>'marker' = ${marker}`);
    expect(audit.map((a) => String(a.metadata.ip ?? "none")).sort()).toEqual(["198.51.100.3", "none"]);
    const reduced = audit.find((a) => a.eventType === "user.profile_updated");
    expect(reduced?.description).not.toContain("@");
    expect(reduced?.userId).toBe(user.id);
    expect(
      (await db.select().from(contactMessages).where(eq(contactMessages.subject, marker))).map((m) => m.name),
    ).toEqual(["B"]);
    expect(
      (
        await db
          .select()
          .from(newsletterSubscriptions)
          .where(sql`email like ${`%-${marker}@x.test`}`)
      )
        .map((n) => n.email)
        .sort(),
    ).toEqual([`c-old-${marker}@x.test`, `p-new-${marker}@x.test`]);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, `s-${marker}`)),
    ).toEqual([]);
    expect(await db.select().from(dataExports).where(eq(dataExports.userId, user.id))).toEqual([]);
  });

  it("follows RETENTION_DAYS", async () => {
    const { resetEnvCache } = await import("~/lib/env.server");
    const db = await getDb();
    const marker = `days-${Date.now()}`;
    await db.insert(platformEventLogs).values({
      userId: null,
      eventType: "auth.sign_in",
      description: "x",
      metadata: { ip: "192.0.2.1", marker },
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    await applyRetention(db);
    expect(await db.select().from(platformEventLogs).where(sql`metadata->>'marker' = ${marker}`)).toHaveLength(1);
    process.env.RETENTION_DAYS = "30";
    resetEnvCache();
    try {
      await applyRetention(db);
      expect(await db.select().from(platformEventLogs).where(sql`metadata->>'marker' = ${marker}`)).toHaveLength(0);
    } finally {
      delete process.env.RETENTION_DAYS;
      resetEnvCache();
    }
  });
});

type Actor = Awaited<ReturnType<typeof actorFor>>;
function contextFor(actor: Actor | null): AppLoadContext {
  return {
    requestId: "test",
    nonce: "n",
    locale: "en",
    localeChosen: false,
    t: serverT("en"),
    ip: "10.0.0.9",
    getActor: async () => actor,
  } as unknown as AppLoadContext;
}
const post = (path: string, body: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(body) });
/** What a route function answered or threw: its status, and the body or the response. */
async function outcome(fn: () => Promise<unknown>): Promise<{ status: number; body: unknown; response?: Response }> {
  try {
    const r = (await fn()) as { init?: { status?: number }; data?: unknown } | Response | Record<string, unknown>;
    if (r instanceof Response) return { status: r.status, body: null, response: r };
    if (r && typeof r === "object" && "init" in r && "data" in r)
      return { status: (r.init as { status?: number } | undefined)?.status ?? 200, body: r.data };
    return { status: 200, body: r };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null, response: thrown };
    const t = thrown as { init?: { status?: number }; data?: unknown };
    if (t && typeof t === "object" && "data" in t) return { status: t.init?.status ?? 500, body: t.data };
    throw thrown;
  }
}

describe("the routes", () => {
  it("/profile prepares an export, the download route serves it to its owner only, and the account is deleted", async () => {
    const town = await makeMunicipality();
    const user = await makeUser("user", { municipalityId: town.id });
    const actor = await actorFor(user);
    const ctx = contextFor(actor);
    const requested = await outcome(() =>
      profileAction({ request: post("/profile", { intent: "export" }), context: ctx, params: {} } as never),
    );
    expect(requested).toMatchObject({ status: 200, body: { ok: true, intent: "export" } });
    await drainJobs();
    const page = (await profileLoader({
      request: new Request("http://localhost/profile"),
      context: ctx,
      params: {},
    } as never)) as { exports: { id: string; status: string }[] };
    expect(page.exports).toEqual([expect.objectContaining({ status: "ready" })]);
    const exportId = page.exports[0].id;

    const download = (who: Actor | null, format = "json") =>
      outcome(() =>
        downloadLoader({
          request: new Request(`http://localhost/profile/export/${exportId}/${format}`),
          context: contextFor(who),
          params: { exportId, format },
        } as never),
      );
    const mine = await download(actor);
    expect(mine.status).toBe(200);
    expect(mine.response?.headers.get("content-disposition")).toMatch(/^attachment; filename="buurtplatform-my-data-/);
    expect(mine.response?.headers.get("cache-control")).toContain("no-store");
    expect(JSON.parse(await (mine.response as Response).text()).account.id).toBe(user.id);
    const html = await download(actor, "html");
    expect(html.response?.headers.get("content-security-policy")).toContain("sandbox");
    expect((await download(await actorFor(await makeUser("user")))).status).toBe(404);
    expect((await download(await actorFor(await makeUser("admin")))).status).toBe(404);
    expect((await download(null)).status).toBe(302);

    // Deletion: refused without the box or with a wrong password (4xx, nothing deleted), then done.
    const del = (body: Record<string, string>) =>
      outcome(() =>
        profileAction({ request: post("/profile", { intent: "delete", ...body }), context: ctx, params: {} } as never),
      );
    expect(await del({ currentPassword: FACTORY_PASSWORD })).toMatchObject({
      status: 400,
      body: { formError: "account:privacy.delete.confirmRequired", intent: "delete" },
    });
    expect(await del({ currentPassword: "Wrong-Password-9", confirm: "on" })).toMatchObject({
      status: 400,
      body: { formError: "account:profile.errors.currentWrong", intent: "delete" },
    });
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    const done = await del({ currentPassword: FACTORY_PASSWORD, confirm: "on" });
    expect(done.status).toBe(302);
    expect(done.response?.headers.get("location")).toBe("/account-deleted");
    expect(done.response?.headers.get("set-cookie")).toContain("bp.session_token=;");
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });

  it("the admin's privacy page exports and deletes on request, and needs the confirmation", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const user = await makeUser("user");
    const ctx = contextFor(admin);
    const call = (body: Record<string, string>, userId = user.id) =>
      outcome(() =>
        adminPrivacyAction({
          request: post(`/admin/users/${userId}/privacy`, body),
          context: ctx,
          params: { userId },
        } as never),
      );
    expect(await call({ intent: "export" })).toMatchObject({ status: 200, body: { ok: true } });
    await drainJobs();
    const page = (await adminPrivacyLoader({
      request: new Request(`http://localhost/admin/users/${user.id}/privacy`),
      context: ctx,
      params: { userId: user.id },
    } as never)) as { exports: { status: string }[]; isSelf: boolean };
    expect(page.exports).toEqual([expect.objectContaining({ status: "ready" })]);
    expect(page.isSelf).toBe(false);
    expect((await call({ intent: "delete" })).status).toBe(400);
    expect((await call({ intent: "delete", confirm: "on" }, admin.id)).status).toBe(400);
    expect((await call({ intent: "delete", confirm: "on" }, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const done = await call({ intent: "delete", confirm: "on" });
    expect(done.status).toBe(302);
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });
});
