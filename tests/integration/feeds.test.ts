/**
 * Feeds per municipality through their route, read back with real parsers: the Atom feeds with
 * fast-xml-parser (well-formed XML, Atom structure, text constructs read as RFC 4287 says), the calendar with
 * ical.js (RFC 5545).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ICAL from "ical.js";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { media, mediaVariants } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { serverT } from "~/lib/i18n/locale.server";
import { publicOrigin } from "~/lib/http/origin.server";
import { brusselsTime } from "~/modules/opendata/feeds.server";
import { loader as feedLoader } from "~/routes/api/feed";
import { makeMunicipality, makeUser } from "../factories";
import { isoDay, makeEvent, makeMerchant, makePromotion, makeReport } from "./public-helpers";

const context = (locale: "en" | "nl" | "fr" = "en") =>
  ({
    requestId: "t",
    nonce: "n",
    locale,
    t: serverT(locale),
    ip: "127.0.0.1",
    getActor: async () => null,
  }) as unknown as AppLoadContext;

async function feed(
  slug: string,
  file: string,
  locale: "en" | "nl" | "fr" = "en",
  headers: Record<string, string> = {},
) {
  return (await feedLoader({
    request: new Request(`http://localhost/feeds/${slug}/${file}`, { headers }),
    params: { municipality: slug, file },
    context: context(locale),
  } as never)) as Response;
}

let town: Awaited<ReturnType<typeof makeMunicipality>>;
let reporterName = "";
const PICTURE_HASH = "0123456789abcdef0123456789abcdef";
const PICTURE_BYTES = 48_213;

beforeAll(async () => {
  town = await makeMunicipality({ name: "Feedstad" });
  const merchant = await makeMerchant(town.id, { businessName: "Bakkerij <Brood> & Co" });
  const promotion = await makePromotion(merchant.id, town.id, {
    title: "Croissants & coffee <today>",
    price: "€4",
    imageUrl: `/media/${PICTURE_HASH}-1280.jpg`,
    validUntil: isoDay(5),
  });
  // The uploaded picture's stored variants (their bytes do not matter here, their format and size do).
  const db = await getDb();
  const [upload] = await db
    .insert(media)
    .values({ hash: PICTURE_HASH, ownerId: merchant.id, promotionId: promotion.id, width: 1280, height: 960 })
    .returning();
  await db.insert(mediaVariants).values([
    { mediaId: upload.id, width: 1280, format: "jpeg", bytes: Buffer.from("jpeg"), size: PICTURE_BYTES },
    { mediaId: upload.id, width: 1280, format: "webp", bytes: Buffer.from("webp"), size: 30_000 },
  ]);
  await makePromotion(merchant.id, town.id, { title: "Expired deal", validUntil: isoDay(-1) });
  await makeEvent(merchant.id, town.id, {
    title: "Summer concert",
    startDate: "2099-07-01",
    time: "20:30",
    venue: "Park",
  });
  await makeEvent(merchant.id, town.id, { title: "Winter market", startDate: "2099-12-01", time: null });
  await makeEvent(merchant.id, town.id, { title: "Old event", startDate: isoDay(-2) });
  const reporter = await makeUser("user", { name: "Piet Privé" });
  reporterName = reporter.name;
  await makeReport(reporter.id, town.id, { type: "fire", description: "Brand in de Molenstraat", status: "approved" });
  await makeReport(reporter.id, town.id, { description: "Not yet public", status: "pending" });
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

describe("Atom feeds", () => {
  it("promotions: well-formed Atom with the current promotions, escaped, with links to their pages and pictures", async () => {
    const res = await feed(town.slug, "promotions.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    expect(doc.feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(atomText(doc.feed.title)).toContain("Feedstad");
    const entries = asList(doc.feed.entry);
    expect(
      entries.map((e: { title: string | { "#text": string } }) =>
        typeof e.title === "string" ? e.title : e.title["#text"],
      ),
    ).toEqual(["Croissants & coffee <today>"]);
    const links = asList(entries[0].link) as { "@rel"?: string; "@href": string }[];
    expect(entries[0].author.name).toBe("Bakkerij <Brood> & Co");
    // The uploaded picture as an enclosure with its full address (a feed reader cannot resolve a site path),
    // the type and size of the stored variant.
    const enclosure = links.find((l) => l["@rel"] === "enclosure") as Record<string, string>;
    expect(enclosure).toEqual({
      "@rel": "enclosure",
      "@href": `${publicOrigin()}/media/${PICTURE_HASH}-1280.jpg`,
      "@type": "image/jpeg",
      "@length": String(PICTURE_BYTES),
    });
    const link = links[0]["@href"];
    expect(link).toMatch(new RegExp(`/promotions/${town.slug}/[0-9a-f-]{36}$`));
    expect(entries[0].id).toBe(link);
    expect(Number.isNaN(Date.parse(entries[0].updated))).toBe(false);
  });

  it("reports: approved only, titled by type in the feed's language, without the reporter", async () => {
    const xml = await (await feed(town.slug, "reports.atom", "nl")).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const entries = asList(parser.parse(xml).feed.entry);
    expect(entries).toHaveLength(1);
    expect(String(entries[0].title["#text"] ?? entries[0].title)).toBe("Brand");
    expect(xml).not.toContain("Not yet public");
    expect(xml).not.toContain(reporterName);
  });

  it("answers 304 to a matching If-None-Match, 404 for an unknown municipality or file", async () => {
    const first = await feed(town.slug, "promotions.atom");
    const etag = first.headers.get("etag") as string;
    expect((await feed(town.slug, "promotions.atom", "en", { "If-None-Match": etag })).status).toBe(304);
    expect((await feed("no-such-town", "promotions.atom")).status).toBe(404);
    expect((await feed(town.slug, "secrets.txt")).status).toBe(404);
  });
});

/** The text of an Atom text construct (RFC 4287 §3.1): only type="text" is plain text as it stands. */
function atomText(construct: unknown): string {
  const c = construct as { "#text"?: string | number; "@type"?: string };
  expect(c["@type"], "a text construct of plain text").toBe("text");
  return String(c["#text"] ?? "");
}

describe("Atom text and pictures", () => {
  const MARKUP = "<script>alert(1)</script> & &amp; ]]> <b>bold</b>";
  let place: Awaited<ReturnType<typeof makeMunicipality>>;
  beforeAll(async () => {
    place = await makeMunicipality({ name: "Tekstdorp" });
    const merchant = await makeMerchant(place.id, { businessName: "Smith &amp; Sons <Ltd>" });
    await makePromotion(merchant.id, place.id, {
      title: MARKUP,
      description: `${MARKUP}\nSecond line\u0001 with a control character`,
      price: "€5 & up",
      validUntil: isoDay(4),
    });
    await makePromotion(merchant.id, place.id, {
      title: "Outside picture",
      imageUrl: "https://images.example/photo?id=3",
      validUntil: isoDay(3),
    });
    await makePromotion(merchant.id, place.id, {
      title: "Outside jpg",
      imageUrl: "https://images.example/holiday.jpg",
      validUntil: isoDay(3),
    });
    await makePromotion(merchant.id, place.id, {
      title: "Deleted upload",
      imageUrl: "/media/fedcba9876543210fedcba9876543210-1280.jpg",
      validUntil: isoDay(3),
    });
    await makeReport(null, place.id, { type: "fire", description: MARKUP, status: "approved" });
  });

  const entriesOf = async (file: string) => {
    const xml = await (await feed(place.slug, file)).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    // Parsed without trimming, so the texts come back exactly as written.
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", trimValues: false }).parse(xml);
    return { xml, doc, entries: asList(doc.feed.entry) as Record<string, unknown>[] };
  };

  it("sends what people wrote as plain text: markup and a typed &amp; come back exactly, never as elements", async () => {
    const { xml, doc, entries } = await entriesOf("promotions.atom");
    const entry = entries.find((e) => atomText(e.title) === MARKUP) as Record<string, unknown>;
    expect(entry).toBeDefined();
    expect(atomText(entry.content)).toBe(`${MARKUP}\nSecond line with a control character`);
    expect(atomText(entry.summary)).toContain("€5 & up");
    expect((entry.author as { name: string }).name).toBe("Smith &amp; Sons <Ltd>");
    expect(atomText(doc.feed.title)).toContain("Tekstdorp");
    // No text became markup: no script or b element anywhere, and no html-typed construct.
    expect(xml).not.toMatch(/<script|<b>|type="html"|CDATA/);
    const reports = await entriesOf("reports.atom");
    expect(atomText(reports.entries[0].summary)).toBe(MARKUP);
  });

  it("gives an enclosure the type of the stored picture and never guesses one from an outside address", async () => {
    const { entries } = await entriesOf("promotions.atom");
    const enclosureOf = (title: string) => {
      const entry = entries.find((e) => atomText(e.title) === title) as Record<string, unknown>;
      return (asList(entry.link) as Record<string, string>[]).find((l) => l["@rel"] === "enclosure");
    };
    // An outside picture: its address, no type (an Atom link's type is optional; the extension proves nothing).
    expect(enclosureOf("Outside picture")).toEqual({
      "@rel": "enclosure",
      "@href": "https://images.example/photo?id=3",
    });
    expect(enclosureOf("Outside jpg")).toEqual({ "@rel": "enclosure", "@href": "https://images.example/holiday.jpg" });
    // An upload whose picture is gone has no enclosure at all (its address would not answer).
    expect(enclosureOf("Deleted upload")).toBeUndefined();
  });
});

describe("iCalendar feed", () => {
  it("ends every line, the last one too, with CRLF, and carries markup as plain text", async () => {
    const place = await makeMunicipality({ name: "Kalenderdorp" });
    const merchant = await makeMerchant(place.id);
    const title = "<script>alert(1)</script> & &amp;; a, b";
    await makeEvent(merchant.id, place.id, { title, startDate: "2099-05-01", time: "10:00", venue: "Hall; west, 2" });
    const ics = await (await feed(place.slug, "events.ics")).text();
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(ics).not.toMatch(/\r(?!\n)/);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent") as ICAL.Component);
    expect(event.summary).toBe(title);
    expect(event.location).toBe("Hall; west, 2");
  });

  it("parses as RFC 5545 with the upcoming events only, timed ones in Brussels time", async () => {
    const res = await feed(town.slug, "events.ics");
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.summary).sort()).toEqual(["Summer concert", "Winter market"]);
    const concert = events.find((e) => e.summary === "Summer concert") as ICAL.Event;
    // 20:30 in Brussels in July is 18:30 UTC (summer time).
    expect(concert.startDate.toJSDate().toISOString()).toBe("2099-07-01T18:30:00.000Z");
    expect(concert.location).toBe("Park");
    expect(concert.uid).toMatch(/@/);
    const market = events.find((e) => e.summary === "Winter market") as ICAL.Event;
    expect(market.startDate.isDate).toBe(true);
    expect(market.startDate.toString()).toBe("2099-12-01");
  });

  it("converts Brussels wall-clock times across summer and winter time", () => {
    expect(brusselsTime("2026-01-15", "09:00").toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(brusselsTime("2026-07-15", "09:00").toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(brusselsTime("2026-03-29", "12:00").toISOString()).toBe("2026-03-29T10:00:00.000Z");
  });
});
