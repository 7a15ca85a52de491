/**
 * GeoJSON on the open-data API: /api/v1/reports.geojson and /api/v1/merchants.geojson are FeatureCollections
 * (RFC 7946) of the rows that have a place, paged like the other lists, described in the OpenAPI document;
 * reports about people are rounded to about 100 m and lose their typed place, merchants are exact.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { serverT } from "~/lib/i18n/locale.server";
import { loader as apiLoader } from "~/routes/api/v1";
import { makeMunicipality, makeUser } from "../factories";
import { makeMerchant, makeReport } from "./public-helpers";

const context = {
  requestId: "t",
  nonce: "n",
  locale: "en",
  t: serverT("en"),
  ip: "10.2.0.1",
  getActor: async () => null,
} as unknown as AppLoadContext;

async function get(path: string): Promise<Response> {
  const url = new URL(path, "http://localhost");
  const resource = url.pathname.replace(/^\/api\/v1\//, "");
  return (await apiLoader({ request: new Request(url), params: { resource }, context } as never)) as Response;
}

type Feature = {
  type: string;
  id: string;
  geometry: { type: string; coordinates: [number, number] };
  properties: Record<string, unknown>;
};
type Collection = { type: string; features: Feature[]; next_cursor: string | null; links: { next: string | null } };

const THEFT = { lat: 50.930_412, lng: 5.337_791 };
const OUTAGE = { lat: 50.931_234, lng: 5.331_777 };
const SHOP = { lat: 50.929_876, lng: 5.338_123 };
let town: Awaited<ReturnType<typeof makeMunicipality>>;

beforeAll(async () => {
  town = await makeMunicipality({ name: "Kaartdorp", centerLat: 50.93, centerLng: 5.34 });
  const reporter = await makeUser("user");
  const at = (s: number) => new Date(Date.now() - s * 1000);
  await makeReport(reporter.id, town.id, {
    type: "theft",
    description: "Bike stolen from the rack",
    latitude: THEFT.lat,
    longitude: THEFT.lng,
    placeText: "In front of Kerkstraat 12",
    createdAt: at(1),
  });
  await makeReport(reporter.id, town.id, {
    type: "power_outage",
    description: "No power on the square",
    latitude: OUTAGE.lat,
    longitude: OUTAGE.lng,
    placeText: "Grote Markt",
    createdAt: at(2),
  });
  await makeReport(reporter.id, town.id, { type: "fire", description: "Smoke, no pin", createdAt: at(3) });
  await makeReport(reporter.id, town.id, {
    type: "accident",
    description: "Pending with a pin",
    status: "pending",
    latitude: OUTAGE.lat,
    longitude: OUTAGE.lng,
  });
  await makeMerchant(town.id, { businessName: "A Placed Bakery", latitude: SHOP.lat, longitude: SHOP.lng });
  await makeMerchant(town.id, { businessName: "B Unplaced Butcher" });
});

describe("reports.geojson", () => {
  it("is a FeatureCollection of the approved reports with a place, rounded for reports about people", async () => {
    const res = await get(`/api/v1/reports.geojson?municipality=${town.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await res.json()) as Collection;
    expect(body.type).toBe("FeatureCollection");
    expect(body.features.map((f) => f.properties.description)).toEqual([
      "Bike stolen from the rack",
      "No power on the square",
    ]);
    const [theft, outage] = body.features;
    expect(theft.type).toBe("Feature");
    expect(theft.geometry.type).toBe("Point");
    // [longitude, latitude], on the grid of about 100 m: 0.001° of latitude, 0.0015° of longitude.
    const [lng, lat] = theft.geometry.coordinates;
    expect(lat).not.toBe(THEFT.lat);
    expect(lng).not.toBe(THEFT.lng);
    expect(Math.abs(lat - THEFT.lat)).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(Math.abs(lng - THEFT.lng)).toBeLessThanOrEqual(0.00075 + 1e-9);
    expect(Math.round(lat / 0.001) * 0.001).toBeCloseTo(lat, 9);
    expect(theft.properties.place_rounded).toBe(true);
    expect(theft.properties.place_text).toBeNull();
    expect(JSON.stringify(body)).not.toContain("Kerkstraat 12");
    expect(outage.geometry.coordinates).toEqual([OUTAGE.lng, OUTAGE.lat]);
    expect(outage.properties.place_rounded).toBe(false);
    expect(outage.properties.place_text).toBe("Grote Markt");
    expect(outage.id).toBe(outage.properties.id);
  });

  it("pages with the cursor like the other lists", async () => {
    const first = (await (await get(`/api/v1/reports.geojson?municipality=${town.slug}&limit=1`)).json()) as Collection;
    expect(first.features).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const next = new URL(first.links.next as string);
    const second = (await (await get(next.pathname + next.search)).json()) as Collection;
    expect(second.features.map((f) => f.properties.description)).toEqual(["No power on the square"]);
    expect(second.next_cursor).toBeNull();
  });
});

describe("merchants.geojson", () => {
  it("holds the merchants with a place, at their exact point", async () => {
    const body = (await (await get(`/api/v1/merchants.geojson?municipality=${town.slug}`)).json()) as Collection;
    expect(body.features.map((f) => f.properties.name)).toEqual(["A Placed Bakery"]);
    expect(body.features[0].geometry.coordinates).toEqual([SHOP.lng, SHOP.lat]);
  });
});

describe("the OpenAPI document", () => {
  it("describes both collections, and the real answers validate against it", async () => {
    const doc = await (await get("/api/v1/openapi.json")).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: "https://api.test/openapi.json" });
    for (const path of ["/reports.geojson", "/merchants.geojson"]) {
      const content = doc.paths[path].get.responses["200"].content;
      expect(Object.keys(content)).toEqual(["application/geo+json"]);
      const validate = ajv.compile({
        $ref: `https://api.test/openapi.json#/paths/${path.replace(/\//g, "~1")}/get/responses/200/content/application~1geo+json/schema`,
      });
      const body = await (await get(`/api/v1${path}?municipality=${town.slug}`)).json();
      expect(body.features.length).toBeGreaterThan(0);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      // A feature with a field the document does not describe fails.
      body.features[0].properties.secret = "x";
      expect(validate(body)).toBe(false);
    }
  });
});

describe("bad input", () => {
  it("answers unknown GeoJSON resources and parameters with a 4xx", async () => {
    for (const [path, status] of [
      ["/api/v1/municipalities.geojson", 404],
      ["/api/v1/promotions.geojson", 404],
      ["/api/v1/reports.geojson?page=2", 400],
      ["/api/v1/reports.geojson?limit=1000", 400],
      ["/api/v1/merchants.geojson?cursor=nope", 400],
    ] as const) {
      expect((await get(path)).status, path).toBe(status);
    }
  });
});
