/**
 * Public reads of events: the municipality list (upcoming or past, by category, paged on
 * the server in one query), the home-page selection and the detail with its organiser.
 */
import { upcomingEvent } from "~/lib/db/current";
import { type SQL, and, count, asc, desc, eq, lt, sql } from "drizzle-orm";
import { countOf } from "~/lib/db/counts.server";
import {
  type ContentLocale,
  EVENT_CATEGORIES,
  type Translations,
  eventAttendances,
  events,
  merchants,
} from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { todayIso } from "~/lib/i18n/format";
import { isUuid } from "~/lib/db/query";

const EVENTS_PAGE_SIZE = 12;
const HOME_EVENTS_LIMIT = 6;

type EventFilters = { category: string | null; when: "upcoming" | "past"; page: number };

export function eventFiltersFrom(url: URL): EventFilters {
  const category = url.searchParams.get("category");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    category: category && (EVENT_CATEGORIES as readonly string[]).includes(category) ? category : null,
    when: url.searchParams.get("when") === "past" ? "past" : "upcoming",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 1,
  };
}

const cardColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  imageUrl: events.imageUrl,
  venue: events.venue,
  time: events.time,
  price: events.price,
  isFeatured: events.isFeatured,
  startDate: events.startDate,
  attendees: events.attendees,
  // Who registered (primary key lookup per card); `attendees` is only the organiser's expectation.
  attending:
    sql<number>`(select count(*) from ${eventAttendances} where ${eventAttendances.eventId} = ${events.id})`.mapWith(
      Number,
    ),
  category: events.category,
  merchantId: events.merchantId,
  merchantName: merchants.businessName,
  originalLocale: events.originalLocale,
  translations: events.translations,
};

export type EventCard = {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  venue: string;
  time: string | null;
  price: string | null;
  isFeatured: boolean;
  startDate: string;
  /** The organiser's expected number of attendees (0: not given). */
  attendees: number;
  /** How many residents registered. */
  attending: number;
  category: string;
  merchantId: string;
  merchantName: string;
  /** The language of title and description; the others in translations (lib/i18n/localized.ts). */
  originalLocale: ContentLocale;
  translations: Translations;
};

export async function listPublicEvents(
  municipalityId: string,
  filters: EventFilters,
  pageSize = EVENTS_PAGE_SIZE,
): Promise<{ items: EventCard[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const today = todayIso();
  const where: SQL[] = [eq(events.municipalityId, municipalityId)];
  where.push(filters.when === "past" ? lt(events.startDate, today) : upcomingEvent(events.startDate, today));
  if (filters.category) where.push(eq(events.category, filters.category));
  // Every event has its merchant (a non-null foreign key): the count needs no join.
  const matching = db
    .select({ n: count() })
    .from(events)
    .where(and(...where));
  const rows = await db
    .select({ ...cardColumns, total: countOf(matching) })
    .from(events)
    .innerJoin(merchants, eq(merchants.id, events.merchantId))
    .where(and(...where))
    .orderBy(filters.when === "past" ? desc(events.startDate) : asc(events.startDate), asc(events.time), asc(events.id))
    .limit(pageSize)
    .offset((filters.page - 1) * pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ total: _t, ...r }) => r),
    total,
    page: filters.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The municipality home: the next 6 events from today. */
export async function homeEvents(municipalityId: string, limit = HOME_EVENTS_LIMIT): Promise<EventCard[]> {
  const db = await getDb();
  return db
    .select(cardColumns)
    .from(events)
    .innerJoin(merchants, eq(merchants.id, events.merchantId))
    .where(and(eq(events.municipalityId, municipalityId), upcomingEvent(events.startDate)))
    .orderBy(asc(events.startDate), asc(events.time))
    .limit(limit);
}

export type EventDetail = EventCard & {
  practicalInfo: string | null;
  merchant: {
    id: string;
    businessName: string;
    businessEmail: string;
    logoUrl: string | null;
    address: string | null;
    /** The merchant's pin: "Get directions" leads there when it is set. */
    latitude: number | null;
    longitude: number | null;
    phoneNumber: string | null;
    websiteUrl: string | null;
  };
};

export async function findPublicEvent(municipalityId: string, id: string): Promise<EventDetail | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...cardColumns,
      practicalInfo: events.practicalInfo,
      businessEmail: merchants.businessEmail,
      logoUrl: merchants.logoUrl,
      address: merchants.address,
      latitude: merchants.latitude,
      longitude: merchants.longitude,
      phoneNumber: merchants.phoneNumber,
      websiteUrl: merchants.websiteUrl,
    })
    .from(events)
    .innerJoin(merchants, eq(merchants.id, events.merchantId))
    .where(and(eq(events.id, id), eq(events.municipalityId, municipalityId)))
    .limit(1);
  if (!row) return null;
  const { businessEmail, logoUrl, address, latitude, longitude, phoneNumber, websiteUrl, ...rest } = row;
  return {
    ...rest,
    merchant: {
      id: row.merchantId,
      businessName: row.merchantName,
      businessEmail,
      logoUrl,
      address,
      latitude,
      longitude,
      phoneNumber,
      websiteUrl,
    },
  };
}
