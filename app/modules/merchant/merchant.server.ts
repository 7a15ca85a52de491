/**
 * The merchant's own record: the business profile and the dashboard. The admin
 * side lives in merchant.admin.server.ts and public reads in merchant.queries.server.ts.
 */
import { upcomingEvent } from "~/lib/db/current";
import { desc, eq, sql } from "drizzle-orm";
import { events, merchants, municipalities, promotions } from "@db/schema";
import { touches } from "~/lib/cache/cache.server";
import type { Actor } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { ForbiddenError, ValidationError } from "~/lib/http/errors";
import { todayIso } from "~/lib/i18n/format";
import { type TranslationInput, translationValues } from "~/lib/i18n/translations.schema";
import { withTranslationSources } from "~/lib/i18n/translation-sources";
import { recordEvent } from "~/modules/log/index.server";
import { attachImage } from "~/modules/media/index.server";
import { type OpeningHours, sameWeek } from "./merchant.hours";
import { can } from "./merchant.policy";
import type { MerchantProfileInput } from "./merchant.schema";
import { rowColumns } from "~/lib/search/search.server";
import { sameValue } from "~/lib/db/query";
import { assertNearTown } from "~/lib/geo/near-town";

type MerchantRecord = Omit<typeof merchants.$inferSelect, "searchVector">;

/** 'Merchant ID not found. Please log in as a merchant.' */
const MERCHANT_ID_NOT_FOUND = "merchant:errors.merchantIdNotFound";

/** What a merchant's promotions and events take from its record: the owner, municipality, category, premium. */
export async function merchantRecordOf(merchantId: string, db?: DbOrTx) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({
      id: merchants.id,
      municipalityId: merchants.municipalityId,
      category: merchants.category,
      isPremium: merchants.isPremium,
      businessName: merchants.businessName,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row ?? null;
}
export type MerchantSummary = NonNullable<Awaited<ReturnType<typeof merchantRecordOf>>>;

/** The actor's own merchant record, or ForbiddenError('Merchant ID not found...'). */
export async function ownMerchantRecord(actor: Actor, db?: DbOrTx): Promise<MerchantSummary> {
  const record = await merchantRecordOf(actor.id, db);
  if (!record || !can(actor, "read-own", record)) throw new ForbiddenError(MERCHANT_ID_NOT_FOUND);
  return record;
}

/** docs/product.md: the merchant dashboard shows 5 recent activities (5 per type, merged, cut to 5). */
const RECENT_ACTIVITIES = 5;

/** The actor's own merchant record; without one: 'Merchant ID not found. Please log in as a merchant.' */
export async function getOwnMerchant(actor: Actor | null): Promise<MerchantRecord> {
  if (!actor) throw new ForbiddenError(MERCHANT_ID_NOT_FOUND);
  const db = await getDb();
  const [row] = await db.select(rowColumns(merchants)).from(merchants).where(eq(merchants.id, actor.id)).limit(1);
  if (!row || !can(actor, "read-own", row)) throw new ForbiddenError(MERCHANT_ID_NOT_FOUND);
  return row;
}

const PROFILE_COLUMNS = {
  business_name: "businessName",
  business_email: "businessEmail",
  municipality_id: "municipalityId",
  address: "address",
  phone_number: "phoneNumber",
  website_url: "websiteUrl",
  facebook_url: "facebookUrl",
  instagram_url: "instagramUrl",
  logo_url: "logoUrl",
  category: "category",
  opening_hours: "openingHours",
  description: "description",
} as const satisfies Record<Exclude<keyof MerchantProfileInput, keyof TranslationInput | PinKey>, keyof MerchantRecord>;

type PinKey = "latitude" | "longitude";
type Pin = { latitude: number | null; longitude: number | null };

/** The same coordinate as the form shows it (six decimals, about 10 cm). */
const samePlace = (a: number | null, b: number | null) =>
  a === b || (a != null && b != null && a.toFixed(6) === b.toFixed(6));

/**
 * The pin to store: the posted one; the stored one when the form posted none (a form without the map), or
 * posted it as the page showed it (a save that did not touch the pin keeps every decimal).
 */
function nextPin(current: Pin, input: Partial<Pin>): Pin {
  const { latitude, longitude } = input;
  if (latitude === undefined || longitude === undefined)
    return { latitude: current.latitude, longitude: current.longitude };
  if (samePlace(current.latitude, latitude) && samePlace(current.longitude, longitude)) {
    return { latitude: current.latitude, longitude: current.longitude };
  }
  return { latitude, longitude };
}

/**
 * Updates the merchant's own profile. Only the profile fields are written: vat_number, is_premium and
 * the id are never taken from the input. The pin must lie within MAX_KM_FROM_CENTRE of the municipality's
 * centre (else ValidationError "validation.placeTooFar", nothing stored). Returns the changed field names,
 * "place" for the pin (also in the audit row).
 */
export async function updateOwnMerchantProfile(
  actor: Actor | null,
  input: MerchantProfileInput,
): Promise<{ merchant: MerchantRecord; changed: string[] }> {
  const current = await getOwnMerchant(actor);
  if (!actor || !can(actor, "update-own", current)) throw new ForbiddenError(MERCHANT_ID_NOT_FOUND);
  const db = await getDb();
  const [municipality] = await db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      centerLat: municipalities.centerLat,
      centerLng: municipalities.centerLng,
    })
    .from(municipalities)
    .where(eq(municipalities.id, input.municipality_id))
    .limit(1);
  if (!municipality) throw new ValidationError("validation.invalid", { municipality_id: "validation.invalid" });
  // The pin belongs to the business's municipality: a new pin, or the old one in a new municipality, is checked.
  const pin = nextPin(current, input);
  const pinMoved = pin.latitude !== current.latitude || pin.longitude !== current.longitude;
  if (pinMoved || municipality.id !== current.municipalityId) assertNearTown(municipality, pin);

  const values: Partial<MerchantRecord> = {};
  const changed: string[] = [];
  for (const [field, column] of Object.entries(PROFILE_COLUMNS) as [
    keyof MerchantProfileInput,
    keyof MerchantRecord,
  ][]) {
    // A description the form did not post stays as it is.
    if (input[field] === undefined && field === "description") continue;
    // The same hours written another way (a stored range, a label the editor cannot show) stay as stored.
    const next =
      field === "opening_hours" && sameWeek(current.openingHours, input.opening_hours)
        ? current.openingHours
        : (input[field] ?? null);
    (values as Record<string, unknown>)[column] = next;
    if (!sameValue(current[column], next)) changed.push(field);
  }
  values.latitude = pin.latitude;
  values.longitude = pin.longitude;
  if (pinMoved) changed.push("place");
  const translated = translationValues(input);
  if (translated.originalLocale && translated.originalLocale !== current.originalLocale)
    changed.push("original_locale");
  if (translated.translations && !sameValue(current.translations, translated.translations))
    changed.push("translations");
  touches("merchants", current.municipalityId, input.municipality_id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchants)
      .set(
        withTranslationSources(
          current,
          { ...values, ...translated, openingHours: (values.openingHours ?? null) as OpeningHours | null },
          input.translations_checked,
        ),
      )
      .where(eq(merchants.id, current.id))
      .returning(rowColumns(merchants));
    // An uploaded logo becomes the merchant's; a replaced one is deleted.
    await attachImage(tx, actor, { kind: "merchant", id: row.id, ownerId: row.id }, row.logoUrl);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "merchant.profile_updated",
        description: `${row.businessName} updated its business profile${changed.length ? ` (${changed.join(", ")})` : ""}`,
        metadata: { merchantId: row.id, changed },
      },
      tx,
    );
    return { merchant: row, changed };
  });
}

type Activity = { id: string; type: "promotion" | "event"; title: string; createdAt: Date };
type MerchantDashboard = {
  businessName: string;
  isPremium: boolean;
  totalPromotions: number;
  activeEvents: number;
  recent: Activity[];
};

/**
 * Dashboard figures for the actor's own merchant record, or null when there is none (the route sends
 * the user to /). Three queries: the record with both counts, then the latest 5 per type.
 */
export async function merchantDashboard(
  actor: Actor | null,
  now: Date = new Date(),
): Promise<MerchantDashboard | null> {
  if (!actor) return null;
  const db = await getDb();
  const today = todayIso(now);
  const [record] = await db
    .select({
      id: merchants.id,
      businessName: merchants.businessName,
      isPremium: merchants.isPremium,
      // Every promotion it ever created, deleted ones included (kept by migration 0023's trigger).
      totalPromotions: merchants.promotionsCreated,
      activeEvents:
        sql<number>`(select count(*) from ${events} where ${events.merchantId} = ${actor.id} and ${upcomingEvent(events.startDate, today)})`.mapWith(
          Number,
        ),
    })
    .from(merchants)
    .where(eq(merchants.id, actor.id))
    .limit(1);
  if (!record || !can(actor, "read-own", record)) return null;
  const [recentPromotions, recentEvents] = await Promise.all([
    db
      .select({ id: promotions.id, title: promotions.title, createdAt: promotions.createdAt })
      .from(promotions)
      .where(eq(promotions.merchantId, actor.id))
      .orderBy(desc(promotions.createdAt))
      .limit(RECENT_ACTIVITIES),
    db
      .select({ id: events.id, title: events.title, createdAt: events.createdAt })
      .from(events)
      .where(eq(events.merchantId, actor.id))
      .orderBy(desc(events.createdAt))
      .limit(RECENT_ACTIVITIES),
  ]);
  const recent: Activity[] = [
    ...recentPromotions.map((p) => ({ ...p, type: "promotion" as const })),
    ...recentEvents.map((e) => ({ ...e, type: "event" as const })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, RECENT_ACTIVITIES);
  const { id: _id, ...figures } = record;
  return { ...figures, recent };
}
