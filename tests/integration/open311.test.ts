/**
 * Open311 GeoReport v2 (/open311/v2) through its route, spoken to by a client written from the specification
 * (tests/support/open311-client.ts), in JSON and XML: discovery, services in three languages, service
 * definitions, the approved reports as requests (status, filters, rounding), and POST requests with an API key
 * into the moderation queue, with every bad input refused in the specification's error format and nothing
 * stored. The route is never allowed to read the session: the context's getActor throws.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { open311Keys, platformEventLogs, reports } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { serverT } from "~/lib/i18n/locale.server";
import { publicOrigin } from "~/lib/http/origin.server";
import { issueKey, revokeKey } from "~/modules/open311/index.server";
import { moderateReport, moderationQueue, reportForModeration, resolveReport } from "~/modules/report/index.server";
import { action, loader } from "~/routes/api/open311";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { makeReport } from "./public-helpers";
import { type Open311Format, Open311Client, type Open311Record } from "../support/open311-client";

const ENDPOINT = "http://localhost/open311/v2";
let ipCounter = 0;

/** Answers a Request with the Open311 route, as React Router would (the splat after /open311/v2/). */
function routeFetch(ip = `10.31.1.${++ipCounter % 250}`) {
  return async (request: Request): Promise<Response> => {
    const splat = new URL(request.url).pathname.replace(/^\/open311\/v2\//, "");
    const context = {
      requestId: "t",
      nonce: "n",
      locale: "en",
      t: serverT("en"),
      ip,
      getActor: async () => {
        throw new Error("the Open311 route must never read the session");
      },
    } as unknown as AppLoadContext;
    const args = { request, params: { "*": splat }, context } as never;
    return (await (request.method === "GET" || request.method === "HEAD" ? loader(args) : action(args))) as Response;
  };
}

const client = (format: Open311Format = "json", headers: Record<string, string> = {}) =>
  new Open311Client(ENDPOINT, format, routeFetch(), headers);
const FORMATS: Open311Format[] = ["json", "xml"];

let town: Awaited<ReturnType<typeof makeMunicipality>>;
let noCentre: Awaited<ReturnType<typeof makeMunicipality>>;
let admin: Awaited<ReturnType<typeof actorFor>>;
let key = "";
const ids: Record<string, string> = {};
const created: Record<string, Date> = {};
const THEFT = { lat: 50.930_412, lng: 5.337_791 };
const OUTAGE = { lat: 50.931_234, lng: 5.331_777 };

async function reportCount() {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reports);
  return row.n;
}

beforeAll(async () => {
  town = await makeMunicipality({ name: "Meldstad", centerLat: 50.93, centerLng: 5.34 });
  noCentre = await makeMunicipality({ name: "Zondermidden" });
  const hidden = await makeMunicipality({ name: "Slapend", isActive: false });
  admin = await actorFor(await makeUser("admin"));
  const reporter = await makeUser("user", { name: "Rita Reporter" });
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const add = async (name: string, fields: Parameters<typeof makeReport>[2], where = town.id) => {
    const row = await makeReport(reporter.id, where, fields);
    ids[name] = row.id;
    created[name] = row.createdAt;
  };
  await add("theft", {
    type: "theft",
    description: "Bike stolen at the station",
    latitude: THEFT.lat,
    longitude: THEFT.lng,
    placeText: "Stationsplein 3",
    createdAt: at(1),
  });
  await add("outage", {
    type: "power_outage",
    description: "No power in the Molenstraat",
    latitude: OUTAGE.lat,
    longitude: OUTAGE.lng,
    placeText: "Molenstraat",
    imageUrl: "/media/0123456789abcdef0123456789abcdef-1280.jpg",
    createdAt: at(2),
  });
  await add("resolved", { type: "water_outage", description: "Burst pipe", createdAt: at(3) });
  await resolveReport(admin, ids.resolved, { note: "Fixed by the water company" });
  await add("legacy", { type: "urgent", description: "An old urgent report", createdAt: at(4) });
  await add("old", { type: "fire", description: "Fire last year", createdAt: at(200 * 24 * 60) });
  await add("pending", { type: "fire", description: "Still pending", status: "pending", createdAt: at(5) });
  await add("rejected", { type: "fire", description: "Was rejected", status: "rejected", createdAt: at(6) });
  await add("hidden", { type: "fire", description: "Inactive town", createdAt: at(7) }, hidden.id);
  key = (await issueKey(admin, { name: "Town hall work orders" })).key;
});

afterEach(() => {
  delete process.env.RATE_LIMIT_OPEN311;
  delete process.env.RATE_LIMIT_API;
});

describe("discovery", () => {
  it.each(FORMATS)("names this endpoint, the specification and both formats (%s)", async (format) => {
    const res = await client(format).discovery();
    expect(res.status).toBe(200);
    expect(res.contentType).toBe(format === "json" ? "application/json; charset=utf-8" : "text/xml; charset=utf-8");
    const d = res.data as NonNullable<typeof res.data>;
    expect(d.endpoints).toHaveLength(1);
    expect(d.endpoints[0].url).toBe(`${publicOrigin()}/open311/v2`);
    expect(d.endpoints[0].specification).toBe("http://wiki.open311.org/GeoReport_v2");
    expect(d.endpoints[0].type).toBe("production");
    expect(d.endpoints[0].formats.sort()).toEqual(["application/json", "text/xml"]);
    expect(d.changeset).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(d.key_service).toBeTruthy();
    if (format === "xml") expect(res.raw).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<discovery>/);
  });
});

describe("services", () => {
  it.each(FORMATS)("are the ten report types a resident can file, without attributes (%s)", async (format) => {
    const res = await client(format).services();
    expect(res.status).toBe(200);
    const services = res.data as Open311Record[];
    expect(services.map((s) => s.service_code)).toEqual([
      "informative",
      "fire",
      "accident",
      "theft",
      "police_check",
      "power_outage",
      "water_outage",
      "infrastructure_issue",
      "public_safety",
      "other_urgent",
    ]);
    for (const s of services) {
      expect(Object.keys(s).sort()).toEqual(
        ["description", "group", "keywords", "metadata", "service_code", "service_name", "type"].sort(),
      );
      expect(s.metadata).toBe(false);
      expect(s.type).toBe("realtime");
      expect(s.service_name).toBeTruthy();
      expect(s.description).toBeTruthy();
    }
    expect(services.find((s) => s.service_code === "power_outage")?.service_name).toBe("Power outage");
  });

  it("speak the asked language: ?locale= first, then Accept-Language", async () => {
    const name = async (c: Open311Client, query?: Record<string, string>) =>
      ((await c.services(query)).data as Open311Record[]).find((s) => s.service_code === "power_outage")?.service_name;
    expect(await name(client("json"), { locale: "nl_BE" })).toBe("Stroomonderbreking");
    expect(await name(client("xml", { "Accept-Language": "fr-BE,fr;q=0.9" }))).toBe("Coupure de courant");
    expect(await name(client("json", { "Accept-Language": "fr" }), { locale: "nl" })).toBe("Stroomonderbreking");
    const errors = (await client("xml").with("xml", { "Accept-Language": "nl" }).serviceDefinition("gas")).errors;
    expect(errors?.[0].description).toBe("service_code gas werd niet gevonden.");
  });

  it.each(FORMATS)("have a definition with no attributes; an unknown code is a 404 (%s)", async (format) => {
    const def = await client(format).serviceDefinition("theft");
    expect(def.status).toBe(200);
    expect(def.data).toEqual({ service_code: "theft", attributes: [] });
    const unknown = await client(format).serviceDefinition("gas_leak");
    expect(unknown.status).toBe(404);
    expect(unknown.errors).toEqual([{ code: 404, description: "service_code gas_leak was not found." }]);
  });

  it("refuse an unknown jurisdiction_id with a 404", async () => {
    const res = await client().services({ jurisdiction_id: "atlantis" });
    expect(res.status).toBe(404);
    expect(res.errors?.[0]).toEqual({ code: 404, description: "jurisdiction_id atlantis was not found." });
    expect((await client().services({ jurisdiction_id: town.slug })).status).toBe(200);
  });
});

describe("GET requests", () => {
  const byId = (list: Open311Record[]) => new Map(list.map((r) => [r.service_request_id as string, r]));

  it.each(FORMATS)("lists approved reports of the last 90 days only, newest first (%s)", async (format) => {
    const res = await client(format).requests({ jurisdiction_id: town.slug });
    expect(res.status).toBe(200);
    const list = res.data as Open311Record[];
    expect(list.map((r) => r.service_request_id)).toEqual([ids.theft, ids.outage, ids.resolved, ids.legacy]);
    const all = byId((await client(format).requests()).data as Open311Record[]);
    for (const hidden of [ids.pending, ids.rejected, ids.hidden, ids.old]) expect(all.has(hidden)).toBe(false);
  });

  it.each(FORMATS)("maps statuses and fields as the specification names them (%s)", async (format) => {
    const list = byId((await client(format).requests({ jurisdiction_id: town.slug })).data as Open311Record[]);
    const outage = list.get(ids.outage) as Open311Record;
    expect(Object.keys(outage).sort()).toEqual(
      [
        "service_request_id",
        "status",
        "status_notes",
        "service_name",
        "service_code",
        "description",
        "agency_responsible",
        "service_notice",
        "requested_datetime",
        "updated_datetime",
        "expected_datetime",
        "address",
        "address_id",
        "zipcode",
        "lat",
        "long",
        "media_url",
      ].sort(),
    );
    expect(outage).toMatchObject({
      status: "open",
      service_code: "power_outage",
      service_name: "Power outage",
      description: "No power in the Molenstraat",
      agency_responsible: "Meldstad",
      address: "Molenstraat",
      lat: OUTAGE.lat,
      long: OUTAGE.lng,
      media_url: `${publicOrigin()}/media/0123456789abcdef0123456789abcdef-1280.jpg`,
    });
    expect(outage.requested_datetime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const resolved = list.get(ids.resolved) as Open311Record;
    expect(resolved.status).toBe("closed");
    // The moderator's note is the reporter's, not the public's.
    expect(JSON.stringify(resolved)).not.toContain("water company");
    expect(Date.parse(resolved.updated_datetime as string)).toBeGreaterThanOrEqual(
      Date.parse(resolved.requested_datetime as string),
    );
    // The old "urgent" type is served as the "other_urgent" service.
    expect((list.get(ids.legacy) as Open311Record).service_code).toBe("other_urgent");
    const raw = (await client(format).requests()).raw;
    expect(raw).not.toContain("Rita Reporter");
  });

  it.each(FORMATS)("rounds reports about people to about 100 m and leaves their address out (%s)", async (format) => {
    const theft = byId((await client(format).requests()).data as Open311Record[]).get(ids.theft) as Open311Record;
    const lat = theft.lat as number;
    const long = theft.long as number;
    expect(lat).not.toBe(THEFT.lat);
    expect(Math.abs(lat - THEFT.lat)).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(Math.abs(long - THEFT.lng)).toBeLessThanOrEqual(0.00075 + 1e-9);
    expect(theft.address).toBeNull();
    expect((await client(format).requests()).raw).not.toContain("Stationsplein");
  });

  it("filters by service_code, status, service_request_id and dates", async () => {
    const codes = async (query: Record<string, string>) =>
      ((await client().requests({ jurisdiction_id: town.slug, ...query })).data as Open311Record[]).map(
        (r) => r.service_request_id,
      );
    expect(await codes({ service_code: "theft,water_outage" })).toEqual([ids.theft, ids.resolved]);
    expect(await codes({ service_code: "other_urgent" })).toEqual([ids.legacy]);
    expect(await codes({ status: "closed" })).toEqual([ids.resolved]);
    expect(await codes({ status: "open,closed" })).toHaveLength(4);
    expect(await codes({ service_request_id: `${ids.outage},${ids.pending}` })).toEqual([ids.outage]);
    // service_request_id overrides the date window: last year's report is found by its id.
    expect(await codes({ service_request_id: ids.old })).toEqual([ids.old]);
    const old = new Date(Date.now() - 200 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(
      await codes({
        start_date: day(new Date(old.getTime() - 86_400_000)),
        end_date: day(new Date(old.getTime() + 86_400_000)),
      }),
    ).toEqual([ids.old]);
    // Only a start: from there on (the theft was filed a minute after the outage).
    expect(await codes({ start_date: new Date(created.theft.getTime() - 30_000).toISOString() })).toEqual([ids.theft]);
  });

  it.each(FORMATS)("answers bad filters with a 400 in the error format (%s)", async (format) => {
    for (const [query, description] of [
      [{ status: "pending" }, "status must be open, closed or both, separated by a comma."],
      [{ service_code: "gas" }, "service_code gas was not found."],
      [{ service_request_id: "42" }, "service_request_id must be one or more request ids, separated by commas."],
      [
        { start_date: "yesterday" },
        "start_date must be a date and time in W3C format, for example 2026-05-01T09:00:00Z.",
      ],
      [
        { start_date: "2026-01-01", end_date: "2025-01-01" },
        "end_date may not be before start_date, and the two may be at most 90 days apart.",
      ],
      [
        { start_date: "2025-01-01", end_date: "2025-06-01" },
        "end_date may not be before start_date, and the two may be at most 90 days apart.",
      ],
    ] as const) {
      const res = await client(format).requests(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.errors, JSON.stringify(query)).toEqual([{ code: 400, description }]);
    }
    const unknownTown = await client(format).requests({ jurisdiction_id: "atlantis" });
    expect(unknownTown.status).toBe(404);
  });

  it.each(FORMATS)("gives one approved request by id; others are a 404 (%s)", async (format) => {
    const one = await client(format).request(ids.outage);
    expect(one.status).toBe(200);
    expect((one.data as Open311Record[]).map((r) => r.service_request_id)).toEqual([ids.outage]);
    for (const id of [ids.pending, ids.rejected, ids.hidden, "not-a-uuid", crypto.randomUUID()]) {
      const res = await client(format).request(id);
      expect(res.status, id).toBe(404);
      expect(res.errors?.[0].code).toBe(404);
    }
    expect((await client(format).request(ids.outage, { jurisdiction_id: noCentre.slug })).status).toBe(404);
  });

  it("answers an unknown path or format with a 404, a POST to a read-only path with a 405", async () => {
    const fetchIt = routeFetch();
    for (const path of ["requests", "requests.csv", "discovery/x.json", "tokens/abc.json", "services/a/b.json"]) {
      const res = await fetchIt(new Request(`${ENDPOINT}/${path}`));
      expect(res.status, path).toBe(404);
      expect((await res.json())[0].code, path).toBe(404);
    }
    const xml = await fetchIt(new Request(`${ENDPOINT}/nothing.xml`));
    expect(await xml.text()).toContain("<errors>");
    const post = await fetchIt(new Request(`${ENDPOINT}/services.json`, { method: "POST", body: "a=1" }));
    expect(post.status).toBe(405);
  });

  it("is public data: CORS for any origin and an ETag", async () => {
    const res = await routeFetch()(
      new Request(`${ENDPOINT}/services.json`, { headers: { Origin: "https://app.example" } }),
    );
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const etag = res.headers.get("etag") as string;
    const again = await routeFetch()(new Request(`${ENDPOINT}/services.json`, { headers: { "If-None-Match": etag } }));
    expect(again.status).toBe(304);
  });
});

describe("POST requests", () => {
  const valid = () => ({
    api_key: key,
    jurisdiction_id: town.slug,
    service_code: "infrastructure_issue",
    lat: "50.9321",
    long: "5.3412",
    address_string: "Kapelstraat 7",
    description: "Street light out since Monday",
    email: "someone@example.org",
    first_name: "Sam",
  });

  it.each(FORMATS)(
    "files a pending report with its place, seen by moderators, public only after approval (%s)",
    async (format) => {
      const description = `Street light out (${format})`;
      const res = await client(format).postRequest({ ...valid(), description });
      expect(res.status).toBe(201);
      const [created] = res.data as Open311Record[];
      expect(created.service_notice).toBeTruthy();
      expect(created.account_id).toBeNull();
      const id = created.service_request_id as string;
      if (format === "xml") expect(res.raw).toMatch(/<service_requests>\s*<request>\s*<service_request_id>/);

      const db = await getDb();
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      expect(row).toMatchObject({
        status: "pending",
        reporterId: null,
        type: "infrastructure_issue",
        description,
        latitude: 50.9321,
        longitude: 5.3412,
        placeText: "Kapelstraat 7",
        showName: false,
      });
      // The contact fields are not kept.
      expect(JSON.stringify(row)).not.toContain("someone@example.org");
      const [keyRow] = await db
        .select()
        .from(open311Keys)
        .where(eq(open311Keys.id, row.open311KeyId as string));
      expect(keyRow.name).toBe("Town hall work orders");

      // In the moderation queue like a resident's report, and not public yet.
      const queue = await moderationQueue(admin, { status: "pending" });
      const queued = queue.rows.find((r) => r.id === id);
      expect(queued).toMatchObject({ reporterId: null, reporterEmail: null, open311Client: "Town hall work orders" });
      expect((await reportForModeration(admin, id)).open311Client).toBe("Town hall work orders");
      expect((await client(format).request(id)).status).toBe(404);
      expect(
        ((await client(format).requests()).data as Open311Record[]).map((r) => r.service_request_id),
      ).not.toContain(id);

      await moderateReport(admin, id, "approved");
      const after = ((await client(format).requests()).data as Open311Record[]).find(
        (r) => r.service_request_id === id,
      );
      expect(after).toMatchObject({ status: "open", lat: 50.9321, long: 5.3412, address: "Kapelstraat 7" });

      const [audit] = await db
        .select()
        .from(platformEventLogs)
        .where(sql`${platformEventLogs.metadata}->>'reportId' = ${id}`);
      expect(audit.eventType).toBe("report.filed");
    },
  );

  it("takes address_string alone, and a theft's pin is rounded once approved", async () => {
    const byAddress = await client().postRequest({ ...valid(), lat: "", long: "", address_string: "Markt" });
    expect(byAddress.status).toBe(201);
    const theft = await client().postRequest({ ...valid(), service_code: "theft", description: "Wallet stolen" });
    const id = (theft.data as Open311Record[])[0].service_request_id as string;
    await moderateReport(admin, id, "approved");
    const [served] = (await client().request(id)).data as Open311Record[];
    expect(served.lat).not.toBe(50.9321);
    expect(Math.abs((served.lat as number) - 50.9321)).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(served.address).toBeNull();
  });

  it("accepts a pin anywhere in range for a municipality without a centre", async () => {
    const res = await client().postRequest({ ...valid(), jurisdiction_id: noCentre.slug, lat: "49.61", long: "6.13" });
    expect(res.status).toBe(201);
  });

  it.each(FORMATS)("refuses every bad input in the error format and stores nothing (%s)", async (format) => {
    const before = await reportCount();
    const cases: [Record<string, string>, number, string][] = [
      [{ api_key: "" }, 403, "api_key was not provided: posting a request needs an API key."],
      [{ api_key: "o311_not-a-real-key-at-all-0000000000" }, 403, "api_key is not valid."],
      [{ api_key: "letmein" }, 403, "api_key is not valid."],
      [
        { jurisdiction_id: "" },
        400,
        "jurisdiction_id was not provided: give the municipality's slug, for example hasselt.",
      ],
      [{ jurisdiction_id: "atlantis" }, 404, "jurisdiction_id atlantis was not found."],
      [{ service_code: "" }, 400, "service_code was not provided."],
      [{ service_code: "gas_leak" }, 400, "service_code gas_leak was not found."],
      [{ service_code: "urgent" }, 400, "service_code urgent was not found."],
      [{ lat: "abc" }, 400, "lat and long must both be numbers: lat from -90 to 90, long from -180 to 180."],
      [{ lat: "91" }, 400, "lat and long must both be numbers: lat from -90 to 90, long from -180 to 180."],
      [{ long: "-181" }, 400, "lat and long must both be numbers: lat from -90 to 90, long from -180 to 180."],
      [{ long: "" }, 400, "lat and long must both be numbers: lat from -90 to 90, long from -180 to 180."],
      [{ lat: "1e2" }, 400, "lat and long must both be numbers: lat from -90 to 90, long from -180 to 180."],
      [
        { lat: "51.2194", long: "4.4025" },
        400,
        "The location is more than 25 km from Meldstad: only places in or near the municipality are accepted.",
      ],
      // Just outside the 25 km: about 0.23° of latitude north of the centre.
      [
        { lat: "51.16", long: "5.34" },
        400,
        "The location is more than 25 km from Meldstad: only places in or near the municipality are accepted.",
      ],
      [{ lat: "", long: "", address_string: "" }, 400, "A location is required: lat and long, or address_string."],
      [{ address_string: "x".repeat(201) }, 400, "address_string may be at most 200 characters long."],
      [{ description: "" }, 400, "description: Please fill in all required fields."],
      [{ description: "   " }, 400, "description: Please fill in all required fields."],
      [{ description: "x".repeat(5001) }, 400, "description: This text is too long."],
      [
        { description: "bad\u0007bell" },
        400,
        expect.stringMatching(/^description: This text contains invisible/) as never,
      ],
      [
        { media_url: "/media/0123456789abcdef0123456789abcdef-1280.jpg" },
        400,
        "media_url must be an http or https address of a picture on another website.",
      ],
      [
        { media_url: "http://localhost/media/x.jpg" },
        400,
        "media_url must be an http or https address of a picture on another website.",
      ],
      [
        { media_url: "javascript:alert(1)" },
        400,
        "media_url must be an http or https address of a picture on another website.",
      ],
    ];
    for (const [change, status, description] of cases) {
      const res = await client(format).postRequest({ ...valid(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.errors, JSON.stringify(change)).toEqual([{ code: status, description }]);
    }
    const noKey = { ...valid() } as Record<string, string>;
    delete noKey.api_key;
    expect((await client(format).postRequest(noKey)).status).toBe(403);
    expect(await reportCount()).toBe(before);
  });

  it("refuses a revoked key at once", async () => {
    const issued = await issueKey(admin, { name: "Short-lived app" });
    expect((await client().postRequest({ ...valid(), api_key: issued.key })).status).toBe(201);
    await revokeKey(admin, issued.id);
    const before = await reportCount();
    const res = await client("xml").postRequest({ ...valid(), api_key: issued.key });
    expect(res.status).toBe(403);
    expect(res.errors).toEqual([
      { code: 403, description: "api_key was revoked: ask the administrators for a new key." },
    ]);
    expect(await reportCount()).toBe(before);
  });

  it("accepts a post whatever its origin, and never with a session instead of a key", async () => {
    const withOrigin = client("json", { Origin: "https://fixit.example", Cookie: "bp.session_token=abc" });
    const res = await withOrigin.postRequest({ ...valid(), api_key: "" });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect((await withOrigin.postRequest(valid())).status).toBe(201);
  });

  it("limits the requests of one key (RATE_LIMIT_OPEN311), with Retry-After, and no other key", async () => {
    process.env.RATE_LIMIT_OPEN311 = "3/1m";
    const issued = await issueKey(admin, { name: "Busy app" });
    const post = () =>
      client().postRequest({ ...valid(), api_key: issued.key, lat: "", long: "", address_string: "Plein" });
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(201);
    const before = await reportCount();
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.errors?.[0].code).toBe(429);
    expect(limited.errors?.[0].description).toMatch(/^Too many requests: try again in \d+ seconds\.$/);
    expect(await reportCount()).toBe(before);
    // Another key (from the same address) is not affected.
    const other = await issueKey(admin, { name: "Quiet app" });
    expect((await client().postRequest({ ...valid(), api_key: other.key, address_string: "Plein" })).status).toBe(201);
  });

  it("stops 10,000 requests from one key at the default limit", async () => {
    const issued = await issueKey(admin, { name: "Runaway app" });
    const db = await getDb();
    // The default window holds 1,000 requests per key: fill it directly, then the next request is refused.
    const { hit } = await import("~/lib/http/rate-limit.server");
    let refusedAt = 0;
    for (let i = 1; i <= 10_000 && !refusedAt; i++) {
      if (!(await hit("open311", `key:${issued.id}`)).allowed) refusedAt = i;
    }
    expect(refusedAt).toBe(1001);
    const res = await client().postRequest({ ...valid(), api_key: issued.key });
    expect(res.status).toBe(429);
    expect((await db.select().from(reports).where(eq(reports.description, "Runaway"))).length).toBe(0);
  });

  it("limits reads per client address (RATE_LIMIT_API) in the error format", async () => {
    process.env.RATE_LIMIT_API = "2/1m";
    const c = new Open311Client(ENDPOINT, "xml", routeFetch("10.31.200.200"));
    expect((await c.services()).status).toBe(200);
    expect((await c.services()).status).toBe(200);
    const limited = await c.services();
    expect(limited.status).toBe(429);
    expect(limited.errors?.[0].code).toBe(429);
  });
});
