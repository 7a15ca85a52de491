/**
 * Places on maps, walked as people do: a resident puts a report's pin by keyboard and another with "Use my
 * location" (the browser's position mocked), a refused location leaves the form usable, the administrator sees
 * the exact place and approves, and the town's reports page shows the markers (the theft rounded, never its
 * exact pin in the page or its data) reachable by keyboard. Tile requests are answered here with a small PNG:
 * the test machines have no internet, and no request may leave for any other host.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { type Browser, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";
import { type Extra, publishedDemoDir, startExtra } from "./spawn";

/** A 1×1 PNG: what every tile request gets. */
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const TILE_HOST = /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;
/** Hasselt's centre in the demo (where its maps open). */
const HASSELT = { lat: 50.9307, lng: 5.3325 };

/** Answers the tile server's requests locally and counts them. */
async function serveTiles(target: BrowserContext | Page) {
  const served = { count: 0 };
  await target.route(TILE_HOST, (route) => {
    served.count++;
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
  });
  return served;
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function residentPage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  const served = await serveTiles(context);
  const page = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(page);
  await login(page, DEMO.user);
  return { context, page, served };
}

async function openForm(page: Page, type: string, description: string) {
  await page.goto("/report/hasselt?lng=en");
  await page.getByText(type, { exact: true }).click();
  await page.getByLabel("Description").fill(description);
  // Leaflet is loaded once the page is there: the map's zoom buttons appear.
  await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
}

async function submit(page: Page) {
  await page.getByRole("button", { name: "Submit report" }).click();
  await expect(page.getByText(/awaiting review/)).toBeVisible();
}

const hidden = (page: Page, name: string) => page.locator(`input[type=hidden][name=${name}]`).inputValue();

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe("places", () => {
  test("a pin by keyboard and by 'Use my location', seen exactly by the admin, rounded in public for a theft", async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const tag = unique("bikes");
    const theftText = `E2E ${tag}: two bikes were taken from the rack by the station tonight`;
    const lampText = `E2E ${tag}: the street light in front of the school is out again`;

    // 1. A theft, pinned by keyboard: the map pans with the arrow keys, then the pin goes in its middle.
    const one = await residentPage(browser);
    await openForm(one.page, "Theft", theftText);
    await expect(one.page.getByTestId("pin-status")).toHaveText("No pin on the map.");
    const map = one.page.getByRole("region", { name: "Map to put the place of your report" });
    await map.focus();
    for (const key of ["ArrowRight", "ArrowRight", "ArrowUp"]) {
      await one.page.keyboard.press(key);
      // A key pressed while the map still glides from the last one is ignored (Leaflet): a person waits too.
      await one.page.waitForTimeout(400);
    }
    const middle = one.page.getByRole("button", { name: "Put the pin in the middle of the map" });
    await middle.focus();
    await one.page.keyboard.press("Enter");
    await expect(one.page.getByTestId("pin-status")).toHaveText(/^The pin is at 50\.\d{5}, 5\.\d{5}\.$/);
    const lat = Number(await hidden(one.page, "latitude"));
    const lng = Number(await hidden(one.page, "longitude"));
    // East and north of the centre, by the panning, and still in town.
    expect(lng).toBeGreaterThan(HASSELT.lng);
    expect(lat).toBeGreaterThan(HASSELT.lat);
    expect(Math.abs(lng - HASSELT.lng)).toBeLessThan(0.05);
    expect(await hidden(one.page, "accuracy")).toBe("");
    await one.page.getByLabel("Describe the place (optional)").fill("Station bike rack");
    await expect(one.page.locator(".leaflet-marker-icon.map-marker--pin")).toBeVisible();
    expect(one.served.count).toBeGreaterThan(0);
    await expectAccessible(one.page);
    await submit(one.page);
    await one.context.close();

    // 2. A street light, pinned with the browser's position (mocked), its accuracy kept.
    const two = await residentPage(browser, {
      geolocation: { latitude: 50.93214, longitude: 5.33968, accuracy: 25 },
      permissions: ["geolocation"],
    });
    await openForm(two.page, "Infrastructure issue", lampText);
    await two.page.getByRole("button", { name: "Use my location" }).click();
    await expect(two.page.getByTestId("pin-status")).toHaveText(
      "The pin is at 50.93214, 5.33968 (accurate to about 25 m).",
    );
    await expect(two.page.getByText(/Your location is on the map, accurate to about 25 m/)).toBeVisible();
    expect(await hidden(two.page, "accuracy")).toBe("25");
    await submit(two.page);
    await two.context.close();

    // 3. The administrator sees the exact pins, the accuracy and the words, and approves both.
    const tiles = await serveTiles(page);
    await acceptCookies(page);
    await login(page, DEMO.admin);
    for (const [text, exact] of [
      [theftText, `Exact pin: ${lat.toFixed(6)}, ${lng.toFixed(6)}.`],
      [lampText, "Exact pin: 50.932140, 5.339680. Set from the reporter’s location, accurate to about 25 m."],
    ]) {
      await page.goto(`/admin/reports?lng=en&status=pending&q=${encodeURIComponent(tag)}`);
      await page
        .getByRole("row")
        .filter({ hasText: text })
        .getByRole("link", { name: /^Open report/ })
        .click();
      await expect(page.getByTestId("exact-place")).toHaveText(exact);
      await expect(page.getByRole("region", { name: "Map of the exact place of the report" })).toBeVisible();
      await expect(page.getByRole("link", { name: /Open on OpenStreetMap/ })).toHaveAttribute(
        "href",
        /^https:\/\/www\.openstreetmap\.org\/\?mlat=50\.\d{6}&mlon=5\.\d{6}#map=18\//,
      );
      if (text === theftText) {
        await expect(page.getByText("Station bike rack")).toBeVisible();
        await expect(page.getByText(/The public sees this place rounded to about 100 m/)).toBeVisible();
        await expectAccessible(page);
      }
      await page.getByRole("button", { name: "Approve" }).click();
      const dialog = page.getByRole("dialog", { name: "Approve report" });
      await dialog.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByTestId("panel-announcer")).toHaveText("Report approved successfully!");
    }
    expect(tiles.count).toBeGreaterThan(0);

    // 4. The town's reports page: the markers, the theft's rounded; its exact pin is nowhere public.
    const guest = await browser.newContext();
    await serveTiles(guest);
    const visitor = gotoWaitsForHydration(await guest.newPage());
    await acceptCookies(visitor);
    const exactLat = lat.toFixed(6);
    for (const url of ["/reports/hasselt?lng=en", "/reports/hasselt.data?lng=en", "/reports/hasselt?report=x"]) {
      const body = await (await visitor.request.get(url)).text();
      expect(body, url).not.toContain(exactLat);
      expect(body, url).not.toContain(String(lat));
    }
    await visitor.goto("/reports/hasselt?lng=en");
    const reportsMap = visitor.getByRole("region", { name: "Map of the reports in Hasselt" });
    await expect(reportsMap).toBeVisible();
    await expect(visitor.getByText(/Every report, with or without a place, is in the list below/)).toBeVisible();
    const theftMarker = visitor.getByRole("button", { name: /^Theft, .*Station bike rack · approximate location$/ });
    await expect(theftMarker).toHaveClass(/map-marker--approx/);
    await expect(visitor.getByRole("button", { name: /^Infrastructure issue, / }).first()).toBeVisible();
    // The card in the list says so too.
    const card = visitor.locator("li").filter({ hasText: theftText });
    await expect(card.getByText("Station bike rack (approximate location)")).toBeVisible();
    await expectAccessible(visitor);

    // By keyboard: from the map, Tab reaches the markers; Enter opens one, its link leads to the report in the list.
    await reportsMap.focus();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await visitor.keyboard.press("Tab");
      reached = await theftMarker.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await visitor.keyboard.press("Enter");
    const link = visitor.getByRole("link", { name: "See this report in the list" });
    await expect(link).toBeFocused();
    await visitor.keyboard.press("Enter");
    await expect(visitor).toHaveURL(/\?report=[0-9a-f-]{36}#report-[0-9a-f-]{36}$/);
    await expect(visitor.locator("li:focus")).toContainText(theftText);
    await guest.close();
  });

  test("a refused location is explained and the form still sends the report with the words alone", async ({
    browser,
  }) => {
    // No permission granted: the browser refuses the position.
    const { context, page } = await residentPage(browser, { permissions: [] });
    const tag = unique("bench");
    await openForm(page, "Infrastructure issue", `E2E ${tag}: a bench in the park is broken`);
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(
      page.getByText(
        "Your browser did not share your location (permission refused). You can put the pin on the map yourself. You can also describe the place in the field below.",
      ),
    ).toBeVisible();
    await expect(page.getByTestId("pin-status")).toHaveText("No pin on the map.");
    await page.getByLabel("Describe the place (optional)").fill("Park by the town hall");
    await submit(page);
    await context.close();
  });

  test("a failed submit keeps the pin; a pin far from town is refused at the map", async ({ browser }) => {
    const { context, page } = await residentPage(browser, {
      // Brussels: about 70 km from Hasselt.
      geolocation: { latitude: 50.8467, longitude: 4.3525, accuracy: 30 },
      permissions: ["geolocation"],
    });
    await openForm(page, "Fire", `E2E ${unique("smoke")}: smoke from a chimney`);
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByTestId("pin-status")).toContainText("50.84670, 4.35250");
    await page.getByRole("button", { name: "Submit report" }).click();
    await expect(page.getByText("This place is more than 25 km from Hasselt.", { exact: false }).first()).toBeVisible();
    // Nothing lost: the pin and the words are still there, and removing the pin lets the report go.
    await expect(page.getByTestId("pin-status")).toContainText("50.84670, 4.35250");
    expect(await hidden(page, "latitude")).toBe("50.846700");
    await page.getByRole("button", { name: "Remove the pin" }).click();
    await expect(page.getByTestId("pin-status")).toHaveText("No pin on the map.");
    await expect(page.getByRole("button", { name: "Put the pin in the middle of the map" })).toBeFocused();
    await submit(page);
    await context.close();
  });

  test("tiles that fail leave the page working, and it fits 390 px", async ({ page }) => {
    await page.route(TILE_HOST, (route) => route.abort("connectionrefused"));
    await page.setViewportSize({ width: 390, height: 844 });
    await acceptCookies(page);
    await page.goto("/reports/hasselt?lng=en");
    await expect(page.getByText(/The map background could not be loaded/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Accident" }).first()).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);

    await page.unroute(TILE_HOST);
    await serveTiles(page);
    await login(page, DEMO.user);
    await page.goto("/report/hasselt?lng=en");
    await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectAccessible(page);
  });
});

test.describe("a busy town with a tile server of its own", () => {
  test.describe.configure({ timeout: 120_000 });
  let server: Extra;
  test.beforeAll(async () => {
    // The demo, with the admin's tile address set to another provider and 210 more approved reports with a place.
    const dir = await publishedDemoDir(async (db) => {
      await db.execute(
        sql`insert into platform_settings (key, value) values ('maps_tile_url', 'https://{s}.tiles.example.org/{z}/{x}/{y}.png')`,
      );
      await db.execute(sql`
        insert into reports (reporter_id, municipality_id, type, description, status, latitude, longitude)
        select u.id, m.id, 'infrastructure_issue', 'Loose paving stone number ' || g, 'approved',
               50.9307 + (g % 15) * 0.0008, 5.3325 + (g / 15) * 0.0011
        from generate_series(1, 210) g, municipalities m, users u
        where m.slug = 'hasselt' and u.email = ${DEMO.user.email}`);
    });
    server = await startExtra({ RATE_LIMIT_GENERAL: "5000/1m" }, dir);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("clusters above 200 markers (named buttons that zoom in), tiles from the configured host", async ({ page }) => {
    const tiles: string[] = [];
    await page.route(/^https:\/\/[abc]\.tiles\.example\.org\/\d+\/\d+\/\d+\.png$/, (route) => {
      tiles.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
    });
    const osm = await serveTiles(page);
    await acceptCookies(page);
    const res = await page.goto(`${server.origin}/reports/hasselt?lng=en`);
    expect(res?.headers()["content-security-policy"]).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.org(;|$)/);
    const clusters = page.getByRole("button", { name: /^\d+ reports here: open to zoom in$/ });
    await expect(clusters.first()).toBeVisible();
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(osm.count).toBe(0);
    await expectAccessible(page);

    // Enter on a cluster zooms in; the focus goes back to the map, from where Tab reaches what is shown now.
    const zoom = () => page.evaluate(() => document.querySelector(".leaflet-proxy")?.getAttribute("style") ?? "");
    const before = await zoom();
    await clusters.first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(zoom).not.toBe(before);
    await expect(page.getByRole("region", { name: "Map of the reports in Hasselt" })).toBeFocused();
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("role"));
    expect(focused).toBe("button");
  });
});
