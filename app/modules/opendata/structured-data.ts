/**
 * schema.org structured data (JSON-LD) for the detail pages: a promotion is an `Offer`, an event
 * an `Event`, a merchant a `LocalBusiness` with its opening hours, so search engines can show dates, prices
 * and hours. Pure functions of what the page's loader already read.
 */
import { type OpeningHours, daysOfLabel } from "~/modules/merchant";

type Json = Record<string, unknown>;
const SCHEMA = "https://schema.org";

/** "€12.50", "12,50 €", "EUR 8" -> 12.5 / 8; "Free", "Gratis", "Gratuit" -> 0; anything else -> null. */
export function parseEuro(text: string | null | undefined): number | null {
  if (!text) return null;
  const t = text.trim();
  if (/^(free|gratis|gratuit|0)$/i.test(t)) return 0;
  const m = /^(?:€|eur)?\s*(\d{1,6}(?:[.,]\d{1,2})?)\s*(?:€|eur|euro)?$/i.exec(t);
  return m ? Number(m[1].replace(",", ".")) : null;
}

/** "9:00 - 18:00", "09.00-18.00", "9u - 18u", "9h30 – 17h" -> ["09:00", "18:00"]; "Closed" and the rest -> null. */
export function parseHours(text: string): [string, string] | null {
  const m = /^\s*(\d{1,2})(?:[:.hu](\d{2})?)?\s*[-–—]\s*(\d{1,2})(?:[:.hu](\d{2})?)?\s*$/i.exec(text);
  if (!m) return null;
  const hh = (h: string, mm?: string) => `${h.padStart(2, "0")}:${mm ?? "00"}`;
  const opens = hh(m[1], m[2]);
  const closes = hh(m[3], m[4]);
  if (Number(m[1]) > 24 || Number(m[3]) > 24) return null;
  return [opens, closes];
}

/** The opening hours as OpeningHoursSpecification, one per stored entry whose hours can be read. */
export function openingHoursSpecification(hours: OpeningHours | null | undefined): Json[] {
  const out: Json[] = [];
  for (const entry of hours ?? []) {
    const days = daysOfLabel(entry.day);
    const range = parseHours(entry.hours);
    if (!days.length || !range) continue;
    out.push({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: days.map((d) => `${SCHEMA}/${d}`),
      opens: range[0],
      closes: range[1],
    });
  }
  return out;
}

/** "2026-03-14" + "19:30" -> "2026-03-14T19:30:00+01:00" (Brussels, summer or winter time). */
export function brusselsDateTime(date: string, time: string): string {
  const probe = new Date(`${date}T${time}:00Z`);
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Brussels", timeZoneName: "longOffset" })
      .formatToParts(probe)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT+01:00";
  const offset = name === "GMT" ? "+00:00" : name.replace("GMT", "");
  return `${date}T${time}:00${offset}`;
}

const clean = (o: Json): Json =>
  Object.fromEntries(
    Object.entries(o).filter(
      ([, v]) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0),
    ),
  );

export function offerJsonLd(
  p: {
    title: string;
    description: string | null;
    imageUrl: string | null;
    category: string | null;
    price: string | null;
    validUntil: string;
    merchant: { businessName: string; id: string };
  },
  urls: { page: string; merchant: string; image?: string | null },
): Json {
  const price = parseEuro(p.price);
  return clean({
    "@context": SCHEMA,
    "@type": "Offer",
    name: p.title,
    description: p.description,
    url: urls.page,
    image: urls.image,
    category: p.category,
    price: price === null ? null : price.toFixed(2),
    priceCurrency: price === null ? null : "EUR",
    priceValidUntil: p.validUntil,
    validThrough: p.validUntil,
    availability: `${SCHEMA}/InStock`,
    seller: { "@type": "LocalBusiness", name: p.merchant.businessName, url: urls.merchant },
  });
}

export function eventJsonLd(
  e: {
    title: string;
    description: string | null;
    venue: string;
    startDate: string;
    time: string | null;
    price: string | null;
    merchantName: string;
  },
  place: { city: string },
  urls: { page: string; merchant: string; image?: string | null },
): Json {
  const price = parseEuro(e.price);
  return clean({
    "@context": SCHEMA,
    "@type": "Event",
    name: e.title,
    description: e.description,
    startDate: e.time ? brusselsDateTime(e.startDate, e.time) : e.startDate,
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    image: urls.image,
    url: urls.page,
    location: {
      "@type": "Place",
      name: e.venue,
      address: { "@type": "PostalAddress", addressLocality: place.city },
    },
    organizer: { "@type": "Organization", name: e.merchantName, url: urls.merchant },
    offers:
      price === null
        ? null
        : {
            "@type": "Offer",
            price: price.toFixed(2),
            priceCurrency: "EUR",
            availability: `${SCHEMA}/InStock`,
            url: urls.page,
          },
  });
}

export function localBusinessJsonLd(
  m: {
    businessName: string;
    address: string | null;
    phoneNumber: string | null;
    websiteUrl: string | null;
    facebookUrl: string | null;
    instagramUrl: string | null;
    openingHours: OpeningHours | null;
    municipalityName: string | null;
    /** The pin the merchant set on the map, when it did. */
    latitude?: number | null;
    longitude?: number | null;
  },
  urls: { page: string; image?: string | null },
): Json {
  const sameAs = [m.websiteUrl, m.facebookUrl, m.instagramUrl].filter(
    (u): u is string => !!u && /^https?:\/\//.test(u),
  );
  return clean({
    "@context": SCHEMA,
    "@type": "LocalBusiness",
    name: m.businessName,
    url: urls.page,
    image: urls.image,
    telephone: m.phoneNumber,
    address:
      m.address || m.municipalityName
        ? clean({ "@type": "PostalAddress", streetAddress: m.address, addressLocality: m.municipalityName })
        : null,
    geo:
      m.latitude != null && m.longitude != null
        ? { "@type": "GeoCoordinates", latitude: m.latitude, longitude: m.longitude }
        : null,
    sameAs,
    openingHoursSpecification: openingHoursSpecification(m.openingHours),
  });
}
