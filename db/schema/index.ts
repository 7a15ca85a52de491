/**
 * The whole data model. Auth tables (users, sessions, accounts, verifications) follow
 * better-auth's field names; the rest are ours. Enumerations are enforced with check constraints so the
 * same SQL runs on PGlite and PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  EVENT_CATEGORIES,
  METRIC_KINDS,
  PROMOTION_CATEGORIES,
  PROMOTION_TAGS,
  REPORT_REJECTION_REASONS,
  REPORT_STATUSES,
  REPORT_TYPES,
  ROLES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
} from "./enums";

export * from "./enums";

/**
 * The full-text search document of a row (migration 0012): a stored generated column over the row's texts,
 * built by the SQL function search_document() (simple + dutch + french + english, unaccented). Never written
 * by the app; read only inside queries (app/lib/search/search.server.ts), never selected into a page.
 */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const searchVector = (expression: string) => tsvector("search_vector").generatedAlwaysAs(sql.raw(expression));

/** Both coordinates or neither, each within WGS 84's range. */
const placeCheck = (lat: string, lng: string) =>
  sql.raw(`(${lat} is null and ${lng} is null) or (${lat} between -90 and 90 and ${lng} between -180 and 180)`);

const createdAt = () => timestamp("created_at", { withTimezone: true }).defaultNow().notNull();

/**
 * Content in three languages (decision 0013): the row's text columns hold the ORIGINAL text,
 * `original_locale` says which language that is, and `translations` holds the other languages,
 * `{"fr": {"title": "..."}, "nl": {...}}`. Read through app/lib/i18n/localized.ts.
 */
export const CONTENT_LOCALES = ["en", "nl", "fr"] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
export type Translations = Partial<Record<ContentLocale, Record<string, string>>>;
const translatable = () => ({
  originalLocale: text("original_locale").notNull().default("en").$type<ContentLocale>(),
  translations: jsonb("translations").$type<Translations>().notNull().default({}),
  /**
   * Per language and field, a fingerprint of the original a translation was written against (migration 0029,
   * app/lib/i18n/translation-sources.ts): a translation whose original changed since "may be out of date".
   */
  translationSources: jsonb("translation_sources").$type<Translations>().notNull().default({}),
});
const translatableChecks = (table: string) => [
  check(`${table}_original_locale_check`, sql`original_locale in ('en', 'nl', 'fr')`),
  check(`${table}_translations_check`, sql`jsonb_typeof(translations) = 'object'`),
  check(`${table}_translation_sources_check`, sql`jsonb_typeof(translation_sources) = 'object'`),
];
/** The translated titles and descriptions as one text (the promotion search's trigram index, migration 0014). */
export const translatedTextSql = (column: unknown) =>
  sql`(${sql.join(
    CONTENT_LOCALES.flatMap((l) =>
      ["title", "description"].map((f) => sql`coalesce(${column}->'${sql.raw(l)}'->>'${sql.raw(f)}', '')`),
    ),
    sql` || ' ' || `,
  )})`;
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`);

export const municipalities = pgTable(
  "municipalities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    logoUrl: text("logo_url"),
    /** The town's own contact address and postal address for the footer of its pages (else the settings'). */
    contactEmail: text("contact_email"),
    postalAddress: text("postal_address"),
    /** Where its maps open (migration 0027): the centre (WGS 84 degrees) and a zoom level of 1 to 19. */
    centerLat: doublePrecision("center_lat"),
    centerLng: doublePrecision("center_lng"),
    mapZoom: smallint("map_zoom"),
    /** The name per language ({"fr": {"name": "Bruxelles"}}); its slugs are aliases of `slug` (decision 0013). */
    ...translatable(),
    createdAt: createdAt(),
  },
  (t) => [
    ...translatableChecks("municipalities"),
    uniqueIndex("municipalities_slug_key").on(t.slug),
    index("municipalities_active_name_idx").on(t.isActive, t.name),
    // The landing search's near misses: trigrams of the normalised name (migration 0012).
    index("municipalities_name_key_trgm_idx").using("gin", sql`search_key(${t.name}) gin_trgm_ops`),
    check("municipalities_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("municipalities_center_check", placeCheck("center_lat", "center_lng")),
    check("municipalities_map_zoom_check", sql`map_zoom is null or map_zoom between 1 and 19`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("user"),
    municipalityId: uuid("municipality_id").references(() => municipalities.id, { onDelete: "set null" }),
    /** The language the user last used (sign-in, language switch): every mail to them is in it. */
    locale: text("locale").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_locale_check", sql`locale in ('en', 'nl', 'fr')`),
    index("users_municipality_created_idx").on(t.municipalityId, t.createdAt),
    index("users_created_idx").on(t.createdAt),
    index("users_role_created_idx").on(t.role, t.createdAt),
    // The admin pickers: "contains" search by name or e-mail (pg_trgm).
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    check("users_role_check", inList("role", ROLES)),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("sessions_token_key").on(t.token),
    index("sessions_user_idx").on(t.userId),
    // Retention: expired sessions (with their IP address) are deleted daily.
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const merchants = pgTable(
  "merchants",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    businessEmail: text("business_email").notNull(),
    vatNumber: text("vat_number"),
    logoUrl: text("logo_url"),
    municipalityId: uuid("municipality_id").references(() => municipalities.id, { onDelete: "set null" }),
    address: text("address"),
    /** The shop's pin (migration 0027), set by the merchant in the business profile; null until then. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    phoneNumber: text("phone_number"),
    websiteUrl: text("website_url"),
    facebookUrl: text("facebook_url"),
    instagramUrl: text("instagram_url"),
    openingHours: jsonb("opening_hours").$type<{ day: string; hours: string }[]>(),
    category: text("category"),
    isPremium: boolean("is_premium").notNull().default(false),
    /** All-time figures that deleting a promotion or an event does not lower (migration 0023's triggers). */
    promotionsCreated: integer("promotions_created").notNull().default(0),
    retiredViews: bigint("retired_views", { mode: "number" }).notNull().default(0),
    retiredClicks: bigint("retired_clicks", { mode: "number" }).notNull().default(0),
    /** What the business is about, in its original language; the other languages in `translations`. */
    description: text("description"),
    ...translatable(),
    createdAt: createdAt(),
    searchVector: searchVector(
      `setweight(search_document("business_name"), 'A') || setweight(search_document("address"), 'C')`,
    ),
  },
  (t) => [
    ...translatableChecks("merchants"),
    index("merchants_municipality_name_idx").on(t.municipalityId, t.businessName),
    index("merchants_name_idx").on(t.businessName),
    index("merchants_created_idx").on(t.createdAt),
    index("merchants_municipality_created_idx").on(t.municipalityId, t.createdAt),
    // Substring search (ILIKE '%q%') on the directory and the promotions search: trigram indexes (pg_trgm).
    index("merchants_name_trgm_idx").using("gin", t.businessName.op("gin_trgm_ops")),
    index("merchants_address_trgm_idx").using("gin", t.address.op("gin_trgm_ops")),
    // Full-text search and the normalised name's trigrams (similarity, near misses): migration 0012.
    index("merchants_search_idx").using("gin", t.searchVector),
    index("merchants_name_key_trgm_idx").using("gin", sql`search_key(${t.businessName}) gin_trgm_ops`),
    index("merchants_email_trgm_idx").using("gin", t.businessEmail.op("gin_trgm_ops")),
    check("merchants_place_check", placeCheck("latitude", "longitude")),
    check("merchants_category_check", sql`category is null or ${inList("category", PROMOTION_CATEGORIES)}`),
  ],
);

export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    municipalityId: uuid("municipality_id").references(() => municipalities.id, { onDelete: "cascade" }),
    isPremium: boolean("is_premium").notNull().default(false),
    validUntil: date("valid_until").notNull(),
    category: text("category"),
    price: text("price"),
    originalPrice: text("original_price"),
    /** A merchant's free-text discount from before 0023 that did not read as a number; new ones are below. */
    discount: text("discount"),
    /** The discount as a percentage (1-100) or an amount in euro cents: at most one (migration 0023). */
    discountPercent: integer("discount_percent"),
    discountAmountCents: integer("discount_amount_cents"),
    termsAndConditions: text("terms_and_conditions"),
    /** Chosen from PROMOTION_TAGS (migration 0020); empty: none chosen. */
    tags: text("tags").array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
    /** How many vouchers may be claimed in all (null: no limit), and how many by one resident (migration 0018). */
    voucherStock: integer("voucher_stock"),
    voucherLimit: integer("voucher_limit").notNull().default(1),
    ...translatable(),
    createdAt: createdAt(),
    searchVector: searchVector(
      `setweight(search_document("title"), 'A') || setweight(search_document("description"), 'B')`,
    ),
  },
  (t) => [
    ...translatableChecks("promotions"),
    index("promotions_translations_trgm_idx").using("gin", sql`${translatedTextSql(sql`translations`)} gin_trgm_ops`),
    index("promotions_municipality_created_idx").on(t.municipalityId, t.createdAt),
    index("promotions_municipality_valid_idx").on(t.municipalityId, t.validUntil),
    // Home page (premium first, newest) and the category filter of the promotions list.
    index("promotions_municipality_premium_created_idx").on(t.municipalityId, t.isPremium, t.createdAt),
    index("promotions_municipality_category_created_idx").on(t.municipalityId, t.category, t.createdAt),
    index("promotions_merchant_created_idx").on(t.merchantId, t.createdAt),
    index("promotions_created_idx").on(t.createdAt),
    index("promotions_search_idx").using("gin", t.searchVector),
    check("promotions_category_check", sql`category is null or ${inList("category", PROMOTION_CATEGORIES)}`),
    index("promotions_tags_idx").using("gin", t.tags),
    check("promotions_tags_check", sql.raw(`tags <@ array[${PROMOTION_TAGS.map((v) => `'${v}'`).join(", ")}]::text[]`)),
    check("promotions_voucher_stock_check", sql`voucher_stock is null or voucher_stock > 0`),
    check(
      "promotions_voucher_limit_check",
      sql`voucher_limit >= 1 and (voucher_stock is null or voucher_limit <= voucher_stock)`,
    ),
  ],
);

/**
 * A resident's voucher for a promotion (migration 0018): a short code to read aloud or scan at the counter,
 * redeemed once by the promotion's merchant. It expires with its promotion. On account deletion a voucher not
 * yet redeemed is deleted and a redeemed one loses its owner (the merchant's counts stay).
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).defaultNow().notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  },
  (t) => [
    unique("vouchers_code_key").on(t.code),
    index("vouchers_promotion_idx").on(t.promotionId, t.redeemedAt),
    index("vouchers_user_claimed_idx").on(t.userId, t.claimedAt),
  ],
);

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    venue: text("venue").notNull(),
    time: text("time"),
    price: text("price"),
    isFeatured: boolean("is_featured").notNull().default(false),
    startDate: date("start_date").notNull(),
    /** The organiser's expected number of attendees (shown as expected); who registered: event_attendances. */
    attendees: integer("attendees").notNull().default(0),
    /** Practical information in the original language; translations under "practicalInfo" (migration 0020). */
    practicalInfo: text("practical_info"),
    category: text("category").notNull(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    municipalityId: uuid("municipality_id").references(() => municipalities.id, { onDelete: "cascade" }),
    ...translatable(),
    createdAt: createdAt(),
    searchVector: searchVector(
      `setweight(search_document("title"), 'A') || setweight(search_document("description"), 'B') || setweight(search_document("venue"), 'C')`,
    ),
  },
  (t) => [
    ...translatableChecks("events"),
    index("events_municipality_start_idx").on(t.municipalityId, t.startDate),
    index("events_municipality_created_idx").on(t.municipalityId, t.createdAt),
    index("events_merchant_created_idx").on(t.merchantId, t.createdAt),
    index("events_start_idx").on(t.startDate),
    index("events_created_idx").on(t.createdAt),
    index("events_search_idx").using("gin", t.searchVector),
    check("events_category_check", inList("category", EVENT_CATEGORIES)),
    check("events_attendees_check", sql`attendees >= 0`),
    check("events_time_check", sql`time is null or time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * A signed-in resident's registration for an event (migration 0020): one row per person and event. The event
 * page's "N attending" counts these; the organiser sees the first names. Goes with the event and the account.
 */
export const eventAttendances = pgTable(
  "event_attendances",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_attendances_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    municipalityId: uuid("municipality_id")
      .notNull()
      .references(() => municipalities.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    /**
     * Where it happened (migration 0027), all optional: the exact pin as the reporter set it (the public sees it
     * rounded for reports about people: app/lib/geo.ts), the browser's accuracy in metres when it came from
     * "use my location", and the reporter's own words ("corner of Kerkstraat and Molenweg").
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationAccuracy: real("location_accuracy"),
    placeText: text("place_text"),
    status: text("status").notNull().default("pending"),
    /** The moderator's reason when rejected: one of REPORT_REJECTION_REASONS (translated when shown)... */
    moderationReason: text("moderation_reason"),
    /** ...and/or their own words to the reporter. */
    moderationNote: text("moderation_note"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** Whether the public sees the reporter's name (moderators always do); otherwise "Anonymous". */
    showName: boolean("show_name").notNull().default(true),
    /** When a moderator marked the approved report resolved, and their optional note to the reporter. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionNote: text("resolution_note"),
    /** The Open311 key that filed it, when it came in through the API (migration 0028); no reporter then. */
    open311KeyId: uuid("open311_key_id").references(() => open311Keys.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    searchVector: searchVector(`setweight(search_document("description"), 'B')`),
  },
  (t) => [
    index("reports_municipality_status_created_idx").on(t.municipalityId, t.status, t.createdAt),
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_created_idx").on(t.createdAt),
    // A town's reports map: approved reports with a place, newest first (migration 0030).
    index("reports_place_idx")
      .on(t.municipalityId, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'approved' and latitude is not null`),
    // My reports: one reporter's reports, newest first (replaces the reporter-only index).
    index("reports_reporter_created_idx").on(t.reporterId, t.createdAt),
    index("reports_search_idx").using("gin", t.searchVector),
    check("reports_type_check", inList("type", REPORT_TYPES)),
    check("reports_place_check", placeCheck("latitude", "longitude")),
    check("reports_place_text_check", sql`place_text is null or char_length(place_text) <= 200`),
    check("reports_status_check", inList("status", REPORT_STATUSES)),
    check("reports_resolved_approved_check", sql`resolved_at is null or status = 'approved'`),
    check(
      "reports_moderation_reason_check",
      sql`moderation_reason is null or ${inList("moderation_reason", REPORT_REJECTION_REASONS)}`,
    ),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    status: text("status").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    paymentCustomerId: text("payment_customer_id"),
    paymentSubscriptionId: text("payment_subscription_id"),
    /** What the subscription costs per month, in euro cents (the admin dashboard's revenue). */
    monthlyPriceCents: integer("monthly_price_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscriptions_created_idx").on(t.createdAt),
    index("subscriptions_user_idx").on(t.userId),
    check("subscriptions_tier_check", inList("tier", SUBSCRIPTION_TIERS)),
    check("subscriptions_status_check", inList("status", SUBSCRIPTION_STATUSES)),
    check("subscriptions_dates_check", sql`end_date is null or end_date >= start_date`),
    check("subscriptions_monthly_price_check", sql`monthly_price_cents >= 0`),
  ],
);

/** What the platform offers, as the administrators describe it: the About page lists them (migration 0029). */
export const features = pgTable(
  "features",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    ...translatable(),
    createdAt: createdAt(),
  },
  (t) => [index("features_name_idx").on(t.name), ...translatableChecks("features")],
);

export const platformEventLogs = pgTable(
  "platform_event_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    eventType: text("event_type").notNull(),
    description: text("description").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("platform_event_logs_created_idx").on(t.createdAt), index("platform_event_logs_user_idx").on(t.userId)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    // Export and erasure of one person's messages.
    index("contact_messages_user_idx").on(t.userId),
    index("contact_messages_email_idx").on(t.email),
  ],
);

/**
 * Every mail goes here first (app/lib/mail/mail.server.ts); the job worker delivers it over SMTP: pending ->
 * sending (claimed, committed before the SMTP conversation) -> sent, or back to pending with a later
 * `next_attempt_at`, or failed after the last attempt. `dedupe_key` makes queueing idempotent (fan-outs).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("body_text").notNull(),
    html: text("body_html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow().notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    dedupeKey: text("dedupe_key"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_status_created_idx").on(t.status, t.createdAt),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index("mail_outbox_claimed_idx").on(t.claimedUntil).where(sql`status = 'sending'`),
    uniqueIndex("mail_outbox_dedupe_key").on(t.dedupeKey),
    // Erasure: every mail to a deleted account's address.
    index("mail_outbox_to_idx").on(t.to),
    check("mail_outbox_status_check", sql`status in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/** Platform settings edited by administrators: one row per key. */
export const platformSettings = pgTable("platform_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});

/** Fixed-window counters for rate limits, shared across processes. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Failed sign-ins per account: the key is a keyed hash of the email address (no address stored),
 * so rotating client addresses does not reset the count; each failure beyond the free ones locks the account
 * out for a delay that doubles. Cleared by a successful sign-in; forgotten a day after the last failure.
 */
export const signInFailures = pgTable("sign_in_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Newsletter confirmation mails per address (migration 0017): how many one address was sent in its current
 * 24-hour window, whatever the municipality. The key is a keyed hash of the normalised address (lower case,
 * "+tag" removed), so no address is stored; the retention job deletes ended windows.
 */
export const newsletterConfirmLimits = pgTable(
  "newsletter_confirm_limits",
  {
    key: text("key").primaryKey(),
    sent: integer("sent").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("newsletter_confirm_limits_window_ends_idx").on(t.windowEndsAt)],
);

/**
 * Exact row counts of the large tables, kept by statement-level triggers (migration 0002), so an admin list
 * without a search shows its total without counting every row (costs stay flat as data grows).
 */
export const rowCounts = pgTable("row_counts", {
  tableName: text("table_name").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull(),
});

/**
 * Changes to those counts not yet folded into `row_counts` (migration 0016): the triggers insert a delta row
 * instead of updating the table's one counter row, so concurrent writers never wait for each other's commit
 * on that row. A reader adds the deltas; the `row_counts.compact` job folds them in every few minutes.
 */
export const rowCountDeltas = pgTable(
  "row_count_deltas",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tableName: text("table_name").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [index("row_count_deltas_table_name_idx").on(t.tableName)],
);

/**
 * The job queue (app/lib/jobs/jobs.server.ts): background work claimed with FOR UPDATE SKIP LOCKED under a lease,
 * retried with exponential backoff, marked failed after its last attempt. `dedupe_key` makes an enqueue
 * idempotent (one job per key, whatever its status: a recurring job's period, a report's alert fan-out).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).defaultNow().notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.status, t.runAt),
    index("jobs_running_lease_idx").on(t.lockedUntil).where(sql`status = 'running'`),
    index("jobs_finished_idx").on(t.finishedAt),
    uniqueIndex("jobs_dedupe_key").on(t.dedupeKey),
    check("jobs_status_check", sql`status in ('pending', 'running', 'done', 'failed')`),
  ],
);

/**
 * A resident following a municipality: urgent reports as they are approved and/or a weekly digest.
 * Deleted with the account or the municipality.
 */
export const municipalityFollows = pgTable(
  "municipality_follows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    municipalityId: uuid("municipality_id")
      .notNull()
      .references(() => municipalities.id, { onDelete: "cascade" }),
    urgentAlerts: boolean("urgent_alerts").notNull().default(true),
    weeklyDigest: boolean("weekly_digest").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("municipality_follows_user_municipality_key").on(t.userId, t.municipalityId),
    // The urgent-alert fan-out and the digest walk one municipality's followers in id order.
    index("municipality_follows_urgent_idx").on(t.municipalityId, t.id).where(sql`urgent_alerts`),
    index("municipality_follows_digest_idx").on(t.municipalityId, t.id).where(sql`weekly_digest`),
  ],
);

/**
 * The footer newsletter: an address and the municipality whose weekly digest it wants. Pending until the
 * address confirms (double opt-in); only confirmed rows receive the digest. Linked to the account with the same
 * address when there is one, and deleted with it.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    municipalityId: uuid("municipality_id")
      .notNull()
      .references(() => municipalities.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    locale: text("locale").notNull().default("en"),
    status: text("status").notNull().default("pending"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_municipality_key").on(t.email, t.municipalityId),
    index("newsletter_subscriptions_confirmed_idx").on(t.municipalityId, t.id).where(sql`status = 'confirmed'`),
    index("newsletter_subscriptions_user_idx").on(t.userId),
    // Retention: unconfirmed addresses are deleted after 7 days.
    index("newsletter_subscriptions_pending_created_idx").on(t.createdAt).where(sql`status = 'pending'`),
    check("newsletter_subscriptions_status_check", sql`status in ('pending', 'confirmed')`),
    check("newsletter_subscriptions_locale_check", sql`locale in ('en', 'nl', 'fr')`),
  ],
);

/**
 * Views and clicks per promotion or event per day (Brussels calendar): counts only, no personal data. Exactly
 * one of promotion_id and event_id is set; the rows go with their promotion or event. Written in batches by
 * the in-memory counter of app/modules/metrics (upserts on the unique key), never once per page view.
 */
export const dailyMetrics = pgTable(
  "daily_metrics",
  {
    promotionId: uuid("promotion_id").references(() => promotions.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    unique("daily_metrics_key").on(t.promotionId, t.eventId, t.day, t.kind).nullsNotDistinct(),
    index("daily_metrics_event_day_idx").on(t.eventId, t.day).where(sql`event_id is not null`),
    index("daily_metrics_day_idx").on(t.day),
    check("daily_metrics_one_entity_check", sql`num_nonnulls(promotion_id, event_id) = 1`),
    check("daily_metrics_kind_check", inList("kind", METRIC_KINDS)),
    check("daily_metrics_count_check", sql`count >= 0`),
  ],
);

/** PostgreSQL bytea as a Node Buffer (both drivers hand back a Buffer or a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A promotion's or an event's gallery: up to 6 ordered pictures, each with its alt text (migration 0021). An
 * uploaded picture's media row points here; an address (https) is stored as it is.
 */
export const galleryImages = pgTable(
  "gallery_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promotionId: uuid("promotion_id").references(() => promotions.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    altText: text("alt_text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gallery_images_promotion_position_key")
      .on(t.promotionId, t.position)
      .where(sql`promotion_id is not null`),
    uniqueIndex("gallery_images_event_position_key").on(t.eventId, t.position).where(sql`event_id is not null`),
    check("gallery_images_one_target_check", sql`num_nonnulls(promotion_id, event_id) = 1`),
    check("gallery_images_position_check", sql`position >= 0 and position < 6`),
    check("gallery_images_alt_check", sql`length(btrim(alt_text)) > 0`),
  ],
);

/**
 * An uploaded image: decoded, stripped and re-encoded by sharp, served at
 * /media/<hash>-<width>.<ext>. It belongs to its owner (deleted with the account) and to at most one row
 * (a promotion, an event, a merchant's logo or a report: deleted with it). A row with no target is a fresh
 * upload not yet saved with its form; those are swept after a day.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hash: text("hash").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    promotionId: uuid("promotion_id").references(() => promotions.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    merchantId: text("merchant_id").references(() => merchants.id, { onDelete: "cascade" }),
    reportId: uuid("report_id").references(() => reports.id, { onDelete: "cascade" }),
    /** Set when the image is a picture of a promotion's or an event's gallery. */
    galleryImageId: uuid("gallery_image_id").references(() => galleryImages.id, { onDelete: "cascade" }),
    /** Set when the image is a municipality's logo (migration 0029). */
    municipalityId: uuid("municipality_id").references(() => municipalities.id, { onDelete: "cascade" }),
    /** The oriented image's size after the largest resize. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Where the variants' bytes live: this database ('db') or the media directory ('dir'). */
    storage: text("storage").notNull().default("db"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("media_hash_key").on(t.hash),
    index("media_owner_created_idx").on(t.ownerId, t.createdAt),
    index("media_promotion_idx").on(t.promotionId).where(sql`promotion_id is not null`),
    index("media_event_idx").on(t.eventId).where(sql`event_id is not null`),
    index("media_merchant_idx").on(t.merchantId).where(sql`merchant_id is not null`),
    index("media_report_idx").on(t.reportId).where(sql`report_id is not null`),
    index("media_gallery_image_idx").on(t.galleryImageId).where(sql`gallery_image_id is not null`),
    index("media_municipality_idx").on(t.municipalityId).where(sql`municipality_id is not null`),
    index("media_unattached_created_idx")
      .on(t.createdAt)
      .where(
        sql`promotion_id is null and event_id is null and merchant_id is null and report_id is null and gallery_image_id is null and municipality_id is null`,
      ),
    check(
      "media_one_target_check",
      sql`num_nonnulls(promotion_id, event_id, merchant_id, report_id, gallery_image_id, municipality_id) <= 1`,
    ),
    check("media_storage_check", sql`storage in ('db', 'dir')`),
    check("media_hash_check", sql`hash ~ '^[0-9a-f]{32}$'`),
  ],
);

/** One encoding of an image: a width and a format; the bytes are here with the database driver. */
export const mediaVariants = pgTable(
  "media_variants",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    bytes: bytea("bytes"),
    size: integer("size").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.width, t.format] }),
    check("media_variants_format_check", sql`format in ('avif', 'webp', 'jpeg')`),
  ],
);

/**
 * The live stream's events (migration 0011): one row per new resident, merchant, promotion or
 * event, and per report approved, of a municipality, in commit order. Written by triggers only; the id is the
 * SSE event id a reader resumes from.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    municipalityId: uuid("municipality_id")
      .notNull()
      .references(() => municipalities.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    refId: text("ref_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("live_events_municipality_id_idx").on(t.municipalityId, t.id),
    check("live_events_kind_check", sql`kind in ('user', 'merchant', 'promotion', 'event', 'report')`),
  ],
);

/**
 * A download of everything the platform holds about one user (GDPR articles 15 and 20): built by a
 * background job (`privacy.export`), downloadable by that user (and by the administrator who requested it)
 * until `expires_at`, then deleted by the daily retention job. Deleted with the account.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The administrator who asked for it on the user's behalf (null: the user themselves). */
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    json: text("json"),
    html: text("html"),
    sizeBytes: integer("size_bytes"),
    createdAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("data_exports_user_created_idx").on(t.userId, t.createdAt),
    index("data_exports_requested_by_idx").on(t.requestedBy),
    index("data_exports_expires_idx").on(t.expiresAt),
    check("data_exports_status_check", sql`status in ('pending', 'ready', 'failed')`),
  ],
);

/**
 * A signed-in user's review of a merchant (migration 0019): one per user and merchant, a rating of 1 to 5, an
 * optional text and the merchant's one public answer. Published at once; `hidden` reviews (three flags, or an
 * administrator's decision) count nowhere and show only to their author. Deleted with the account or merchant.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body"),
    /** The author redeemed a voucher at this merchant when they last saved the review. */
    verified: boolean("verified").notNull().default(false),
    status: text("status").notNull().default("published"),
    flagCount: integer("flag_count").notNull().default(0),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("reviews_merchant_user_key").on(t.merchantId, t.userId),
    index("reviews_merchant_status_created_idx").on(t.merchantId, t.status, t.createdAt),
    index("reviews_user_idx").on(t.userId),
    index("reviews_flagged_idx").on(t.createdAt).where(sql`flag_count > 0 or status = 'hidden'`),
    check("reviews_rating_check", sql`rating between 1 and 5`),
    check("reviews_status_check", sql`status in ('published', 'hidden')`),
    check("reviews_flag_count_check", sql`flag_count >= 0`),
  ],
);

/** Who flagged a review (one flag per user and review): the count on the review is what moderation reads. */
export const reviewFlags = pgTable(
  "review_flags",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_flags_user_idx").on(t.userId)],
);

/** A signed-in user's saved promotion or event (exactly one of the two); goes with the account or the item. */
export const favourites = pgTable(
  "favourites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    promotionId: uuid("promotion_id").references(() => promotions.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favourites_user_promotion_key").on(t.userId, t.promotionId).where(sql`promotion_id is not null`),
    uniqueIndex("favourites_user_event_key").on(t.userId, t.eventId).where(sql`event_id is not null`),
    index("favourites_user_created_idx").on(t.userId, t.createdAt),
    index("favourites_promotion_idx").on(t.promotionId),
    index("favourites_event_idx").on(t.eventId),
    check("favourites_one_target_check", sql`(promotion_id is null) <> (event_id is null)`),
  ],
);

/**
 * A browser's Web Push subscription ("notify me on this device"): where the push service accepts messages for
 * that device and the keys its messages are encrypted with. Urgent reports of the towns the resident follows are
 * pushed to it. Deleted with the account, and when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser's own description of itself, to tell the resident's devices apart in their data export. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Open311 GeoReport v2 API keys (migration 0028), issued and revoked by administrators. Only the SHA-256 of the
 * key is stored (the key is shown once, at issue); `key_prefix` is its first characters, to tell keys apart.
 */
export const open311Keys = pgTable(
  "open311_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("open311_keys_key_hash_key").on(t.keyHash),
    check("open311_keys_name_check", sql`char_length(name) between 1 and 120`),
    check("open311_keys_hash_check", sql`key_hash ~ '^[0-9a-f]{64}$'`),
  ],
);
