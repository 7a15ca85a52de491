/**
 * Feeds per municipality through their route, read back with real parsers: the Atom feeds with
 * fast-xml-parser (well-formed XML, Atom structure), the calendar with ical.js (RFC 5545).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ICAL from "ical.js";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { serverT } from "~/lib/i18n.server";
import { publicOrigin } from "~/lib/origin.server";
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

beforeAll(async () => {
  town = await makeMunicipality({ name: "Feedstad" });
  const merchant = await makeMerchant(town.id, { businessName: "Bakkerij <Brood> & Co" });
  await makePromotion(merchant.id, town.id, {
    title: "Croissants & coffee <today>",
    price: "€4",
    imageUrl: "/media/0123456789abcdef0123456789abcdef-1280.jpg",
    validUntil: isoDay(5),
  });
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
    expect(doc.feed.title).toContain("Feedstad");
    const entries = asList(doc.feed.entry);
    expect(
      entries.map((e: { title: string | { "#text": string } }) =>
        typeof e.title === "string" ? e.title : e.title["#text"],
      ),
    ).toEqual(["Croissants & coffee <today>"]);
    const links = asList(entries[0].link) as { "@rel"?: string; "@href": string }[];
    // The uploaded picture as an enclosure with its full address (a feed reader cannot resolve a site path).
    expect(links.find((l) => l["@rel"] === "enclosure")?.["@href"]).toBe(
      `${publicOrigin()}/media/0123456789abcdef0123456789abcdef-1280.jpg`,
    );
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

describe("iCalendar feed", () => {
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
