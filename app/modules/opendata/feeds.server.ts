/**
 * Feeds per municipality, built with kept libraries, never string concatenation:
 * - Atom (atom.server.ts, fast-xml-parser's builder) of the municipality's current promotions and of its
 *   approved reports (no reporter names), every text as `type="text"`,
 * - iCalendar (`ical-generator` 10.x) of its upcoming events, every line ended by CRLF (RFC 5545).
 * Each page that lists these advertises its feed with <link rel="alternate"> (see `feedLinks`).
 */
import { activePromotion, upcomingEvent } from "~/lib/db/current";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import ical from "ical-generator";
import { events, media, mediaVariants, merchants, promotions, reports } from "@db/schema";
import { baseUrl } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { absoluteUrlOrNull } from "~/lib/http/origin.server";
import type { Locale } from "~/lib/i18n";
import { localizedPlain, localizedText } from "~/lib/i18n/localized";
import { serverT } from "~/lib/i18n/locale.server";
import type { AlternateLink } from "~/lib/http/meta";
import type { TFunction } from "~/lib/i18n/translator";
import type { MunicipalityRow } from "~/modules/municipality/index.server";
import { getSettings } from "~/modules/settings/index.server";
import { reportTypeLabel } from "~/modules/mail";
import { CONTENT_TYPES, parseMediaFile } from "~/modules/media";
import { type AtomLink, atomDocument } from "./atom.server";

const FEED_LIMIT = 50;
const CALENDAR_LIMIT = 500;

const feedPaths = (slug: string) => ({
  promotions: `/feeds/${slug}/promotions.atom`,
  reports: `/feeds/${slug}/reports.atom`,
  events: `/feeds/${slug}/events.ics`,
});

/** The <link rel="alternate"> entries of a page that lists the municipality's promotions, events or reports. */
export function feedAlternates(
  kinds: ("promotions" | "reports" | "events")[],
  slug: string,
  city: string,
  t: TFunction,
): AlternateLink[] {
  return kinds.map((kind) => ({
    type: kind === "events" ? "text/calendar" : "application/atom+xml",
    href: feedPaths(slug)[kind],
    title: t(kind === "events" ? "site:feeds.subscribeCalendar" : `site:feeds.subscribe.${kind}`, { city }),
  }));
}

async function feedHead(town: MunicipalityRow, locale: Locale, kind: "promotions" | "reports", updated: Date) {
  const t = serverT(locale);
  const city = localizedText(town, "name", locale) ?? town.name;
  const { siteName } = await getSettings();
  const site = baseUrl();
  const listPath = kind === "promotions" ? `/promotions/${town.slug}` : `/reports/${town.slug}`;
  return {
    id: `${site}${feedPaths(town.slug)[kind]}`,
    title: t(`site:feeds.${kind}Title`, { city, siteName }),
    subtitle: t(`site:feeds.${kind}Description`, { city }),
    link: `${site}${listPath}`,
    self: `${site}${feedPaths(town.slug)[kind]}`,
    lang: locale,
    updated,
    author: siteName,
    generator: siteName,
    rights: `© ${siteName}`,
  };
}

/**
 * The enclosure of a promotion's picture. An upload (`/media/<hash>-<width>.<ext>`) has the type and size of
 * its stored variant (and none when that variant is gone); an outside address names no type, since its
 * extension says nothing reliable (an Atom link's type is optional).
 */
async function pictureEnclosures(urls: (string | null)[]): Promise<Map<string, AtomLink>> {
  const uploads = new Map<string, NonNullable<ReturnType<typeof parseMediaFile>>>();
  for (const url of urls) {
    const parsed = url?.startsWith("/media/") ? parseMediaFile(url.slice("/media/".length)) : null;
    if (url && parsed) uploads.set(url, parsed);
  }
  const stored = new Map<string, number>();
  if (uploads.size) {
    const db = await getDb();
    const rows = await db
      .select({ hash: media.hash, width: mediaVariants.width, format: mediaVariants.format, size: mediaVariants.size })
      .from(media)
      .innerJoin(mediaVariants, eq(mediaVariants.mediaId, media.id))
      .where(inArray(media.hash, [...new Set([...uploads.values()].map((u) => u.hash))]));
    for (const r of rows) stored.set(`${r.hash}-${r.width}-${r.format}`, r.size);
  }
  const out = new Map<string, AtomLink>();
  for (const url of urls) {
    if (!url || out.has(url)) continue;
    const href = absoluteUrlOrNull(url);
    if (!href) continue;
    const upload = uploads.get(url);
    if (!upload) {
      if (!url.startsWith("/")) out.set(url, { href });
      continue;
    }
    const size = stored.get(`${upload.hash}-${upload.width}-${upload.format}`);
    if (size !== undefined) out.set(url, { href, type: CONTENT_TYPES[upload.format], length: size });
  }
  return out;
}

/** Atom: the municipality's promotions still valid today, newest first. */
export async function promotionsFeed(town: MunicipalityRow, locale: Locale): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      description: promotions.description,
      price: promotions.price,
      discount: promotions.discount,
      validUntil: promotions.validUntil,
      imageUrl: promotions.imageUrl,
      createdAt: promotions.createdAt,
      merchantName: merchants.businessName,
      originalLocale: promotions.originalLocale,
      translations: promotions.translations,
    })
    .from(promotions)
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .where(and(eq(promotions.municipalityId, town.id), activePromotion(promotions.validUntil)))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(FEED_LIMIT);
  const t = serverT(locale);
  const site = baseUrl();
  const pictures = await pictureEnclosures(rows.map((p) => p.imageUrl));
  const entries = rows.map((p) => {
    const url = `${site}/promotions/${town.slug}/${p.id}`;
    const offer = [p.discount, p.price].filter(Boolean).join(" · ");
    const picture = p.imageUrl ? pictures.get(p.imageUrl) : undefined;
    return {
      id: url,
      link: url,
      title: localizedPlain(p, "title", locale, t) ?? p.title,
      summary: [offer, t("site:feeds.validUntil", { date: p.validUntil })].filter(Boolean).join(" — "),
      content: localizedPlain(p, "description", locale, t),
      author: p.merchantName,
      updated: p.createdAt,
      // Uploaded pictures are site paths (`/media/…`): a feed reader gets the full address.
      enclosures: picture ? [picture] : [],
    };
  });
  return atomDocument(await feedHead(town, locale, "promotions", rows[0]?.createdAt ?? new Date(0)), entries);
}

/** Atom: the municipality's approved reports, newest first. No reporter names or addresses. */
export async function reportsFeed(town: MunicipalityRow, locale: Locale): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({ id: reports.id, type: reports.type, description: reports.description, createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.municipalityId, town.id), eq(reports.status, "approved")))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(FEED_LIMIT);
  const t = serverT(locale);
  const site = baseUrl();
  const entries = rows.map((r) => ({
    id: `urn:uuid:${r.id}`,
    link: `${site}/reports/${town.slug}#report-${r.id}`,
    title: reportTypeLabel(t, r.type),
    summary: r.description,
    updated: r.createdAt,
  }));
  return atomDocument(await feedHead(town, locale, "reports", rows[0]?.createdAt ?? new Date(0)), entries);
}

/** Offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - instant;
}

/** A wall-clock date and time in Brussels (the platform's calendar) as an instant. */
export function brusselsTime(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let utc = wall - zoneOffsetMs(wall, "Europe/Brussels");
  utc = wall - zoneOffsetMs(utc, "Europe/Brussels");
  return new Date(utc);
}

/** iCalendar: the municipality's events from today on. Timed events last two hours (no end is stored). */
export async function eventsCalendar(town: MunicipalityRow, locale: Locale): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      venue: events.venue,
      time: events.time,
      startDate: events.startDate,
      price: events.price,
      createdAt: events.createdAt,
      merchantName: merchants.businessName,
      originalLocale: events.originalLocale,
      translations: events.translations,
    })
    .from(events)
    .innerJoin(merchants, eq(merchants.id, events.merchantId))
    .where(and(eq(events.municipalityId, town.id), upcomingEvent(events.startDate)))
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(CALENDAR_LIMIT);
  const t = serverT(locale);
  const { siteName } = await getSettings();
  const site = baseUrl();
  const host = new URL(site).hostname || "buurtplatform.local";
  const city = localizedText(town, "name", locale) ?? town.name;
  const calendar = ical({
    name: t("site:feeds.eventsTitle", { city, siteName }),
    description: t("site:feeds.eventsDescription", { city }),
    prodId: { company: siteName, product: "events", language: locale.toUpperCase() },
    url: `${site}/events/${town.slug}`,
    ttl: 60 * 60,
  });
  for (const e of rows) {
    const url = `${site}/events/${town.slug}/${e.id}`;
    const description = [
      localizedPlain(e, "description", locale, t),
      `${t("site:feeds.organiser")}: ${e.merchantName}`,
      e.price ? `${t("site:feeds.price")}: ${e.price}` : null,
      url,
    ]
      .filter(Boolean)
      .join("\n\n");
    const common = {
      id: `${e.id}@${host}`,
      summary: localizedPlain(e, "title", locale, t) ?? e.title,
      description,
      location: e.venue,
      url,
      created: e.createdAt,
      stamp: e.createdAt,
    };
    if (e.time) {
      const start = brusselsTime(e.startDate, e.time);
      calendar.createEvent({ ...common, start, end: new Date(start.getTime() + 2 * 3_600_000) });
    } else {
      const [y, m, d] = e.startDate.split("-").map(Number);
      calendar.createEvent({ ...common, start: new Date(Date.UTC(y, m - 1, d, 12)), allDay: true });
    }
  }
  // RFC 5545: every content line ends with CRLF, the last one too (the library leaves the last one bare).
  return `${calendar
    .toString()
    .replace(/\r?\n/g, "\r\n")
    .replace(/(\r\n)*$/, "")}\r\n`;
}
