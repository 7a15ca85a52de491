/**
 * Maps: the tile settings (validated, the key filled into the template), the content security policy that admits
 * the configured tile host for images only (and follows a settings change), the public markers of a town's
 * reports (approved only, rounded for reports about people, one town) and the exact place its moderator sees.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { platformSettings, reports } from "@db/schema";
import { getDb, onStatement } from "~/lib/db/db.server";
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL, attributionParts, mapViewOf, tileImageSource } from "~/lib/geo/tiles";
import { contentSecurityPolicy } from "~/lib/http/csp.server";
import { ValidationError } from "~/lib/http/errors";
import {
  approvedReportMarkers,
  approvedReportPage,
  listApprovedReports,
  reportForModeration,
} from "~/modules/report/index.server";
import { mapTiles, tileSource } from "~/modules/settings/index.server";
import { settingsSchema } from "~/modules/settings/settings.schema";
import { getSettingsForAdmin, invalidateSettings, saveSettings } from "~/modules/settings/settings.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const base = { site_name: "Buurtplatform", contact_email: "info@example.test" };

function settingsErrors(fields: Record<string, string>) {
  const result = settingsSchema.safeParse({ ...base, ...fields });
  return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
}

/** A real Express server with the policy layer as the site has it (behind TLS); `csp()` asks it for a page. */
async function policyServer() {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `n0nce${++n}`;
    next();
  });
  app.use(contentSecurityPolicy({ secureTransport: true, tileSource }));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  return {
    csp: async () => (await fetch(`http://127.0.0.1:${port}/`)).headers.get("content-security-policy") ?? "",
    close: () => server.close(),
  };
}

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1) ?? "";

describe("tile settings", () => {
  it("accept an https template with {z}, {x} and {y}, and refuse anything else with a translated reason", () => {
    expect(settingsErrors({ maps_tile_url: "https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png?key={key}" })).toEqual([]);
    expect(settingsErrors({ maps_tile_url: "", maps_attribution: "" })).toEqual([]);
    const cases: [string, string][] = [
      ["http://tiles.example.org/{z}/{x}/{y}.png", "admin:settings.tileUrlHttps"],
      ["javascript:alert(1)//{z}/{x}/{y}", "admin:settings.tileUrlHttps"],
      ["https://tiles.example.org/{z}/{x}.png", "admin:settings.tileUrlXyz"],
      ["https://tiles.example.org/{z}/{x}/{y}.png?t={token}", "admin:settings.tileUrlPlaceholder"],
      ["https://tiles.example.org/{z}/{x}/{y.png", "admin:settings.tileUrlPlaceholder"],
      ["https://tiles-{s}.example.org/{z}/{x}/{y}.png", "admin:settings.tileUrlHost"],
      ["https://{z}.example.org/{z}/{x}/{y}.png", "admin:settings.tileUrlHost"],
      ["https://me:pw@tiles.example.org/{z}/{x}/{y}.png", "admin:settings.tileUrlInvalid"],
      ["https://tiles.example.org;script-src/{z}/{x}/{y}.png", "admin:settings.tileUrlInvalid"],
      ["https://localhost/{z}/{x}/{y}.png", "admin:settings.tileUrlInvalid"],
    ];
    for (const [url, message] of cases)
      expect(settingsErrors({ maps_tile_url: url }), url).toEqual([`maps_tile_url: ${message}`]);
    expect(settingsErrors({ maps_tile_url: `https://t.example.org/{z}/{x}/{y}/${"a".repeat(500)}` })).toEqual([
      "maps_tile_url: validation.tooLong",
    ]);
    expect(settingsErrors({ maps_attribution: "© [Tiles](javascript:alert(1))" })).toEqual([
      "maps_attribution: admin:settings.attributionLink",
    ]);
  });

  it("are saved, shown to the admin, and fill the key into the template; {key} without a key is refused", async () => {
    const admin = await actorFor(await makeUser("admin"));
    // OpenStreetMap's until set.
    expect(await mapTiles()).toEqual({ url: DEFAULT_TILE_URL, attribution: DEFAULT_ATTRIBUTION });

    const template = "https://{s}.tiles.example.org/styles/{z}/{x}/{y}.png?key={key}";
    const refused = saveSettings(admin, settingsSchema.parse({ ...base, maps_tile_url: template }));
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ fieldErrors: { maps_tile_url: "admin:settings.tileUrlNeedsKey" } });
    const db = await getDb();
    expect((await db.select().from(platformSettings)).map((r) => r.key)).not.toContain("maps_tile_url");

    await saveSettings(
      admin,
      settingsSchema.parse({
        ...base,
        maps_tile_url: template,
        maps_api_key: "k&y 1",
        maps_attribution: "© [Example Maps](https://maps.example.org/terms) and OpenStreetMap",
      }),
    );
    expect(await mapTiles()).toEqual({
      url: "https://{s}.tiles.example.org/styles/{z}/{x}/{y}.png?key=k%26y%201",
      attribution: "© [Example Maps](https://maps.example.org/terms) and OpenStreetMap",
    });
    const shown = await getSettingsForAdmin(admin);
    expect(shown).toMatchObject({ mapsTileUrl: template, mapsApiKeyMasked: "••••&y 1" });
    expect(JSON.stringify(shown)).not.toContain("k&y 1");
    expect(attributionParts(shown.mapsAttribution)).toEqual([
      { text: "© " },
      { text: "Example Maps", href: "https://maps.example.org/terms" },
      { text: " and OpenStreetMap" },
    ]);
    // Clearing the key the template needs is refused at the key.
    await expect(
      saveSettings(admin, settingsSchema.parse({ ...base, clear_maps_api_key: "on" })),
    ).rejects.toMatchObject({ fieldErrors: { maps_api_key: "admin:settings.tileUrlNeedsKey" } });
    // Blank fields go back to OpenStreetMap's.
    await saveSettings(admin, settingsSchema.parse({ ...base, maps_tile_url: "", maps_attribution: "" }));
    expect(await mapTiles()).toEqual({ url: DEFAULT_TILE_URL, attribution: DEFAULT_ATTRIBUTION });
  });

  it("fall back to OpenStreetMap's tiles when a stored template is not usable", async () => {
    const db = await getDb();
    await db
      .insert(platformSettings)
      .values({ key: "maps_tile_url", value: "http://old.example.org/{z}/{x}/{y}.png" })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: "http://old.example.org/{z}/{x}/{y}.png" } });
    invalidateSettings();
    expect((await mapTiles()).url).toBe(DEFAULT_TILE_URL);
    await db.delete(platformSettings);
    invalidateSettings();
  });
});

describe("content security policy", () => {
  it("admits the configured tile host for images only, and follows a settings change", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const server = await policyServer();
    try {
      let csp = await server.csp();
      expect(directive(csp, "img-src").split(" ")).toContain("https://tile.openstreetmap.org");
      expect(csp).toContain("script-src 'self' 'nonce-n0nce1'");

      await saveSettings(
        admin,
        settingsSchema.parse({ ...base, maps_tile_url: "https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png" }),
      );
      csp = await server.csp();
      expect(directive(csp, "img-src").split(" ")).toContain("https://*.tiles.example.org:8443");
      expect(directive(csp, "img-src")).not.toContain("openstreetmap");
      // The header is built once per host; only the nonce changes per request.
      expect(csp).toContain("'nonce-n0nce2'");
      expect((await server.csp()).replace("n0nce3", "n0nce2")).toBe(csp);
      // Images only: nothing else may reach the tile host.
      for (const name of ["default-src", "script-src", "connect-src", "style-src", "font-src", "form-action"]) {
        expect(directive(csp, name), name).not.toContain("example.org");
      }
      expect(csp).toContain("upgrade-insecure-requests");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(tileImageSource("https://tiles.example.org/{z}/{x}/{y}.png")).toBe("https://tiles.example.org");

      await saveSettings(admin, settingsSchema.parse({ ...base, maps_tile_url: "" }));
      expect(directive(await server.csp(), "img-src")).toContain("https://tile.openstreetmap.org");
    } finally {
      server.close();
    }
  });
});

describe("report places in public and for moderators", () => {
  async function seedTown() {
    const town = await makeMunicipality({ centerLat: 50.9307, centerLng: 5.3325, mapZoom: 14 });
    const other = await makeMunicipality({ centerLat: 50.965, centerLng: 5.5008 });
    const reporter = await makeUser("user");
    const db = await getDb();
    const row = (values: Partial<typeof reports.$inferInsert>) => ({
      reporterId: reporter.id,
      municipalityId: town.id,
      type: "infrastructure_issue",
      description: "Something",
      status: "approved",
      ...values,
    });
    const inserted = await db
      .insert(reports)
      .values([
        row({ type: "theft", latitude: 50.930712, longitude: 5.332468, placeText: "Station bike rack" }),
        row({ type: "police_check", latitude: 50.93451, longitude: 5.33777 }),
        row({ type: "infrastructure_issue", latitude: 50.931234, longitude: 5.334567, locationAccuracy: 12 }),
        row({ type: "fire", latitude: 50.9322, longitude: 5.3311, status: "pending" }),
        row({ type: "fire", latitude: 50.9323, longitude: 5.3312, status: "rejected" }),
        row({ type: "informative", placeText: "Kerkplein" }),
        row({ municipalityId: other.id, latitude: 50.965, longitude: 5.5008 }),
      ])
      .returning({ id: reports.id, type: reports.type, status: reports.status });
    return { town, other, inserted };
  }

  it("puts approved reports of the town on the map, rounded for thefts and police checks, exact otherwise", async () => {
    const { town, inserted } = await seedTown();
    const markers = await approvedReportMarkers(town.id);
    expect(markers.map((m) => m.type).sort()).toEqual(["infrastructure_issue", "police_check", "theft"]);
    const byType = Object.fromEntries(markers.map((m) => [m.type, m]));
    expect(byType.theft).toMatchObject({ lat: 50.931, lng: 5.3325, rounded: true, placeText: "Station bike rack" });
    expect(byType.police_check).toMatchObject({ lat: 50.935, lng: 5.3385, rounded: true });
    expect(byType.infrastructure_issue).toMatchObject({ lat: 50.931234, lng: 5.334567, rounded: false });
    // Nothing of the exact pin of a theft leaves: not in the markers, not in the list.
    const list = await listApprovedReports(town.id);
    const json = JSON.stringify({ markers, list });
    expect(json).not.toContain("50.930712");
    expect(json).not.toContain("5.332468");
    expect(json).not.toContain("latitude");
    const theft = list.items.find((r) => r.type === "theft");
    expect(theft).toMatchObject({ placeText: "Station bike rack", place: { lat: 50.931, lng: 5.3325, rounded: true } });
    expect(list.items.find((r) => r.type === "informative")).toMatchObject({ placeText: "Kerkplein", place: null });
    // The marker's link finds the report's page in the list; another town's or a pending report has none.
    const theftId = inserted.find((r) => r.type === "theft")?.id as string;
    expect(await approvedReportPage(town.id, theftId, 2)).toBeGreaterThanOrEqual(1);
    const pending = inserted.find((r) => r.status === "pending")?.id as string;
    expect(await approvedReportPage(town.id, pending)).toBeNull();
    expect(await approvedReportPage(town.id, "not-a-uuid")).toBeNull();
  });

  it("gives the page of the list a report is on, newest first", async () => {
    const town = await makeMunicipality();
    const reporter = await makeUser("user");
    const db = await getDb();
    const rows = await db
      .insert(reports)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          reporterId: reporter.id,
          municipalityId: town.id,
          type: "fire",
          description: `Report ${i}`,
          status: "approved",
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      )
      .returning({ id: reports.id, description: reports.description });
    const page = (i: number) => approvedReportPage(town.id, rows[i].id, 2);
    // Newest (Report 4) first: 4 and 3 on page 1, 2 and 1 on page 2, 0 on page 3.
    expect(await Promise.all([4, 3, 2, 1, 0].map(page))).toEqual([1, 1, 2, 2, 3]);
  });

  it("keeps at most the newest markers, in one query", async () => {
    const town = await makeMunicipality({ centerLat: 50.9307, centerLng: 5.3325 });
    const reporter = await makeUser("user");
    const db = await getDb();
    await db.insert(reports).values(
      Array.from({ length: 30 }, (_, i) => ({
        reporterId: reporter.id,
        municipalityId: town.id,
        type: "infrastructure_issue",
        description: `Pole ${i}`,
        status: "approved",
        latitude: 50.93 + i / 10_000,
        longitude: 5.33,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const statements: string[] = [];
    const stop = onStatement((sql) => {
      statements.push(sql);
      return undefined;
    });
    const markers = await approvedReportMarkers(town.id, 10);
    stop();
    expect(statements).toHaveLength(1);
    expect(markers).toHaveLength(10);
    expect(markers[0].lat).toBeCloseTo(50.9329, 6);
  });

  it("shows its moderator the exact pin, its accuracy and the words", async () => {
    const { inserted } = await seedTown();
    const admin = await actorFor(await makeUser("admin"));
    const theft = await reportForModeration(admin, inserted.find((r) => r.type === "theft")?.id as string);
    expect(theft).toMatchObject({ latitude: 50.930712, longitude: 5.332468, placeText: "Station bike rack" });
    const lamp = await reportForModeration(
      admin,
      inserted.find((r) => r.type === "infrastructure_issue")?.id as string,
    );
    expect(lamp).toMatchObject({ latitude: 50.931234, longitude: 5.334567, locationAccuracy: 12 });
  });

  it("opens a town's maps on its centre and zoom, or the middle of Belgium", async () => {
    expect(mapViewOf({ centerLat: 50.9307, centerLng: 5.3325, mapZoom: 14 })).toEqual({
      lat: 50.9307,
      lng: 5.3325,
      zoom: 14,
    });
    expect(mapViewOf({ centerLat: 50.9307, centerLng: 5.3325, mapZoom: null }).zoom).toBe(13);
    expect(mapViewOf({ centerLat: null, centerLng: null, mapZoom: 12 })).toEqual({ lat: 50.64, lng: 4.67, zoom: 8 });
  });
});
