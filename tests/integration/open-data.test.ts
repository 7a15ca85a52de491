/**
 * The open-data API (/api/v1) through its route: the OpenAPI document is valid (a real OpenAPI validator) and
 * every real answer validates against it (Ajv, JSON Schema 2020-12, no undeclared properties); cursor
 * pagination walks every row once; ETag/304; CORS; errors; rate limit; no personal data anywhere.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { serverT } from "~/lib/i18n/locale.server";
import { publicOrigin } from "~/lib/http/origin.server";
import { loader as apiLoader } from "~/routes/api/v1";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { isoDay, makeEvent, makeMerchant, makePromotion, makeReport } from "./public-helpers";

const context = (ip = "10.1.0.1") =>
  ({
    requestId: "t",
    nonce: "n",
    locale: "en",
    t: serverT("en"),
    ip,
    getActor: async () => null,
  }) as unknown as AppLoadContext;

async function get(path: string, headers: Record<string, string> = {}, ip?: string): Promise<Response> {
  const url = new URL(path, "http://localhost");
  const resource = url.pathname.replace(/^\/api\/v1\//, "");
  return (await apiLoader({
    request: new Request(url, { headers }),
    params: { resource },
    context: context(ip),
  } as never)) as Response;
}

const UPLOADED = "/media/0123456789abcdef0123456789abcdef-1280.jpg";
const LINKED = "https://images.example/promo-1.jpg";

let town: Awaited<ReturnType<typeof makeMunicipality>>;
let reporterEmail = "";
let merchantEmail = "";
let merchantBusinessEmail = "";
let reporterName = "";

beforeAll(async () => {
  town = await makeMunicipality({ name: "Opendorp" });
  const hidden = await makeMunicipality({ isActive: false });
  const merchant = await makeMerchant(town.id, {
    openingHours: [{ day: "Monday - Friday", hours: "9:00 - 18:00" }],
    phoneNumber: "+32 11 22 33 44",
  });
  merchantBusinessEmail = merchant.businessEmail;
  const merchantUser = await actorFor({ id: merchant.id });
  merchantEmail = merchantUser.email;
  for (let i = 0; i < 7; i++) {
    await makePromotion(merchant.id, town.id, {
      title: `Promo ${i}`,
      price: "€5",
      createdAt: new Date(Date.now() - i * 1000),
      // An uploaded picture (a site path), a picture linked from elsewhere, and none.
      imageUrl: [UPLOADED, LINKED][i] ?? null,
    });
    await makeEvent(merchant.id, town.id, { title: `Event ${i}`, startDate: isoDay(1 + (i % 3)) });
  }
  await makeEvent(merchant.id, town.id, { title: "Past event", startDate: isoDay(-3) });
  await makePromotion(merchant.id, hidden.id, { title: "Hidden town promo" });
  const reporter = await makeUser("user", { name: "Roos Reporter" });
  reporterEmail = reporter.email;
  reporterName = reporter.name;
  for (let i = 0; i < 3; i++) await makeReport(reporter.id, town.id, { description: `Approved ${i}` });
  await makeReport(reporter.id, town.id, { description: "Still pending", status: "pending" });
  await makeReport(reporter.id, town.id, { description: "Was rejected", status: "rejected" });
});

afterEach(() => {
  delete process.env.RATE_LIMIT_API;
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await get("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const doc = await res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/events",
      "/merchants",
      "/merchants.geojson",
      "/municipalities",
      "/promotions",
      "/reports",
      "/reports.geojson",
    ]);
  });

  it("describes every real answer (no undeclared field), following the cursor to the end", async () => {
    const doc = await (await get("/api/v1/openapi.json")).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: "https://api.test/openapi.json" });
    for (const path of Object.keys(doc.paths)) {
      const [type] = Object.keys(doc.paths[path].get.responses["200"].content);
      const pointer = `https://api.test/openapi.json#/paths/${path.replace(/\//g, "~1")}/get/responses/200/content/${type.replace(/\//g, "~1")}/schema`;
      const validate = ajv.compile({ $ref: pointer });
      const query = path === "/municipalities" ? "?limit=2" : `?limit=2&municipality=${town.slug}`;
      let next: string | null = `/api/v1${path}${query}`;
      let pages = 0;
      while (next) {
        const res = await get(next);
        expect(res.status, next).toBe(200);
        expect(res.headers.get("content-type"), next).toContain(type);
        const body = await res.json();
        const ok = validate(body);
        expect(validate.errors ?? [], `${next}: ${JSON.stringify(validate.errors)}`).toEqual([]);
        expect(ok).toBe(true);
        next = body.links.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : null;
        if (++pages > 20) throw new Error("cursor never ends");
      }
      expect(pages).toBeGreaterThan(0);
    }
    // The 400 error shape too.
    const validateError = ajv.compile({ $ref: "https://api.test/openapi.json#/components/schemas/Error" });
    const bad = await (await get("/api/v1/promotions?limit=0")).json();
    expect(validateError(bad)).toBe(true);
  });
});

describe("lists", () => {
  it("pages with a cursor: every row once, in order, and only active municipalities", async () => {
    const seen: string[] = [];
    let next: string | null = `/api/v1/promotions?municipality=${town.slug}&limit=3`;
    while (next) {
      const res = await get(next);
      const body = await res.json();
      seen.push(...body.data.map((p: { title: string }) => p.title));
      if (body.next_cursor) expect(res.headers.get("link")).toContain('rel="next"');
      next = body.links.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : null;
    }
    expect(seen).toEqual(["Promo 0", "Promo 1", "Promo 2", "Promo 3", "Promo 4", "Promo 5", "Promo 6"]);
    const all = await (await get("/api/v1/promotions?limit=100")).json();
    expect(all.data.map((p: { title: string }) => p.title)).not.toContain("Hidden town promo");
  });

  it("gives an uploaded picture as a full address on the site, a linked one as it is", async () => {
    const body = await (await get(`/api/v1/promotions?municipality=${town.slug}&limit=100`)).json();
    const images = new Map(body.data.map((p: { title: string; image_url: string | null }) => [p.title, p.image_url]));
    expect(images.get("Promo 0")).toBe(`${publicOrigin()}${UPLOADED}`);
    expect(images.get("Promo 0")).toMatch(/^https?:\/\//);
    expect(images.get("Promo 1")).toBe(LINKED);
    expect(images.get("Promo 2")).toBeNull();
  });

  it("events start today or later unless ?from says otherwise; reports are approved only", async () => {
    const events = await (await get(`/api/v1/events?municipality=${town.slug}&limit=100`)).json();
    expect(events.data).toHaveLength(7);
    const dates = events.data.map((e: { start_date: string }) => e.start_date);
    expect([...dates].sort()).toEqual(dates);
    const withPast = await (await get(`/api/v1/events?municipality=${town.slug}&from=${isoDay(-10)}`)).json();
    expect(withPast.data.map((e: { title: string }) => e.title)).toContain("Past event");
    const reports = await (await get(`/api/v1/reports?municipality=${town.slug}`)).json();
    expect(reports.data.map((r: { description: string }) => r.description).sort()).toEqual([
      "Approved 0",
      "Approved 1",
      "Approved 2",
    ]);
  });

  it("carries no personal data: no e-mail address, no reporter name, no VAT number", async () => {
    for (const path of ["municipalities", "promotions", "events", "merchants", "reports"]) {
      const raw = await (await get(`/api/v1/${path}?limit=100`)).text();
      for (const secret of [reporterEmail, merchantEmail, merchantBusinessEmail, reporterName, "BE 0123.456.789"]) {
        expect(raw, `${path} leaks ${secret}`).not.toContain(secret);
      }
      expect(raw).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });
});

describe("HTTP behaviour", () => {
  it("ETag and If-None-Match: 304 without a body", async () => {
    const first = await get("/api/v1/municipalities");
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const again = await get("/api/v1/municipalities", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const changed = await get("/api/v1/municipalities", { "If-None-Match": '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it("CORS for GET from any origin", async () => {
    const res = await get("/api/v1/events", { Origin: "https://example.org" });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
  });

  it("bad input is a clear 4xx in JSON, never a 500", async () => {
    for (const [path, code] of [
      ["/api/v1/promotions?limit=0", "invalid_limit"],
      ["/api/v1/promotions?limit=101", "invalid_limit"],
      ["/api/v1/promotions?limit=abc", "invalid_limit"],
      ["/api/v1/promotions?cursor=nope", "invalid_cursor"],
      [`/api/v1/promotions?cursor=${Buffer.from('["x","y"]').toString("base64url")}`, "invalid_cursor"],
      [
        `/api/v1/events?cursor=${Buffer.from('["2026-02-30","00000000-0000-4000-8000-000000000000"]').toString("base64url")}`,
        "invalid_cursor",
      ],
      ["/api/v1/promotions?municipality=Bad Slug", "invalid_municipality"],
      ["/api/v1/events?from=2026-13-01", "invalid_from"],
      ["/api/v1/promotions?page=2", "unknown_parameter"],
      ["/api/v1/users", "not_found"],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect((await res.json()).error.code, path).toBe(code);
    }
  });

  it("is rate-limited per client address with Retry-After", async () => {
    process.env.RATE_LIMIT_API = "3/1m";
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 3; i++) expect((await get("/api/v1/municipalities", {}, ip)).status).toBe(200);
    const limited = await get("/api/v1/municipalities", {}, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe("rate_limited");
    // Another address is not affected.
    expect((await get("/api/v1/municipalities", {}, `${ip}9`)).status).toBe(200);
  });
});
