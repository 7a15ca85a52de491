/**
 * Where a merchant is, as people use it: the demo merchant (Bakkerij Vermeulen, Hasselt) moves its pin by
 * keyboard in its business profile, the public merchant page shows the small map and "Get directions" leads to
 * the pin, the directory of Hasselt shows the merchants on a map whose markers are reached by keyboard, and
 * another merchant takes its pin away (then puts it back). Map tiles are answered here (the test machines have no internet); a page whose tiles fail still
 * works. axe on every page; no sideways scroll at 390 px.
 */
import { type Page, expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

/** A 1×1 PNG for every tile address (…/{z}/{x}/{y}.png of any tile host). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const TILE = /^https:\/\/[^/]+\/\d+\/\d+\/\d+\.png(\?.*)?$/;

async function serveTiles(page: Page) {
  const served: string[] = [];
  await page.route(TILE, (route) => {
    served.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: PNG });
  });
  return served;
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll, "no horizontal scroll").toBeLessThanOrEqual(width);
}

/** Another demo merchant of Hasselt (the demo's shared password). */
const PHARMACY = { email: "apotheek.peeters@demo.buurtplatform.be", password: "Demo-Neighbour-2026!" };

const ROUTE = /^https:\/\/www\.openstreetmap\.org\/directions\?route=%3B(-?\d+\.\d{6})%2C(-?\d+\.\d{6})$/;

/** Presses Tab until the named control has the focus (at most `max` times): the way a keyboard user gets there. */
async function tabTo(page: Page, name: string, max = 15) {
  const target = page.getByRole("button", { name, exact: true });
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

// One demo merchant's pin, changed step by step.
test.describe.configure({ mode: "serial" });

test.describe("a merchant's place", () => {
  test.use({ geolocation: { latitude: 50.93311, longitude: 5.33402, accuracy: 20 }, permissions: ["geolocation"] });

  test("the merchant sets its pin by keyboard; the public page shows it and routes to it", async ({ page }) => {
    test.slow();
    const tiles = await serveTiles(page);
    await acceptCookies(page);
    await login(page, DEMO.merchant);
    await page.goto("/merchant/profile?lng=en");
    const place = page.getByRole("group", { name: "Your place on the map" });
    const status = page.getByTestId("pin-status");
    await expect(place.getByRole("region", { name: "Map for placing your business" })).toBeVisible();
    await expect(place.getByRole("button", { name: "Put the pin in the middle of the map" })).toBeEnabled();
    // The demo pin is at the bakery's address (50.930245, 5.33768; elsewhere in Hasselt on a retry).
    await expect(status).toHaveText(/^The pin is at 50\.93\d{3}, 5\.3\d{4}\.$/);
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    await expectAccessible(page);

    // "Use my location" (the browser's position, mocked) puts the pin there with its accuracy (not saved here).
    await place.getByRole("button", { name: "Use my location" }).click();
    await expect(status).toHaveText("The pin is at 50.93311, 5.33402 (accurate to about 20 m).");
    const merchantPage = new URL(
      (await page.getByRole("link", { name: "View your public page" }).getAttribute("href")) ?? "",
      page.url(),
    ).href;

    // By keyboard: from the address field Tab to the map, pan it with the arrow keys, Tab to "Put the pin in
    // the middle of the map", press Enter; then Tab on to "Save changes" and press Enter.
    await page.goto("/merchant/profile?lng=en");
    const map = place.getByRole("region", { name: "Map for placing your business" });
    await expect(place.getByRole("button", { name: "Put the pin in the middle of the map" })).toBeEnabled();
    // The map opens on the stored pin, close up.
    await expect(status).toHaveText(/^The pin is at 50\.93\d{3}, 5\.3\d{4}\.$/);
    const [lat0, lng0] = await Promise.all(
      ["latitude", "longitude"].map(async (n) => Number(await page.locator(`input[name="${n}"]`).inputValue())),
    );
    await page.getByLabel("Address").focus();
    await page.keyboard.press("Tab");
    await expect(map).toBeFocused();
    for (const key of ["ArrowRight", "ArrowRight", "ArrowDown"]) await page.keyboard.press(key);
    await tabTo(page, "Put the pin in the middle of the map");
    await page.keyboard.press("Enter");
    await expect(status).toHaveText(/^The pin is at 50\.\d{5}, 5\.\d{5}\.$/);
    const lat = Number(await page.locator('input[name="latitude"]').inputValue());
    const lng = Number(await page.locator('input[name="longitude"]').inputValue());
    // Panned east and south of the stored pin, a few hundred metres: still in town.
    expect(lng).toBeGreaterThan(lng0);
    expect(lat).toBeLessThan(lat0);
    expect(Math.abs(lat - lat0) + Math.abs(lng - lng0)).toBeLessThan(0.02);
    await tabTo(page, "Save changes", 60);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    await page.goto("/merchant/profile?lng=en");
    await expect(status).toHaveText(`The pin is at ${lat.toFixed(5)}, ${lng.toFixed(5)}.`);

    // The public page: a small map with the pin, and both "Get directions" links lead to it.
    await page.goto(merchantPage);
    await expect(page.getByRole("heading", { name: "On the map" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Map: where Bakkerij Vermeulen is" })).toBeVisible();
    await expect(page.locator(".map-marker--pin")).toHaveCount(1);
    const links = page.getByRole("link", { name: /^Get directions/ });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      const href = (await link.getAttribute("href")) ?? "";
      const m = ROUTE.exec(href);
      expect(m, href).not.toBeNull();
      expect(Number(m?.[1])).toBeCloseTo(lat, 6);
      expect(Number(m?.[2])).toBeCloseTo(lng, 6);
    }
    await expectAccessible(page);
  });

  test("the directory shows Hasselt's merchants on a map; a marker opens the merchant's page by keyboard", async ({
    page,
  }) => {
    await serveTiles(page);
    await acceptCookies(page);
    await page.goto("/merchants?municipality=hasselt&lng=en");
    await expect(page.getByRole("heading", { name: "On the map" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Map of the merchants in Hasselt" })).toBeVisible();
    // Every demo merchant of Hasselt has a pin: one marker each, named for the business.
    const markers = page.locator(".map-marker");
    await expect(markers).toHaveCount(4);
    const bakery = page.getByRole("button", { name: /^Bakkerij Vermeulen,/ });
    await expect(bakery).toBeVisible();
    await expectAccessible(page);
    // The list stays: every merchant is in it.
    await expect(page.getByRole("heading", { level: 2, name: "Bakkerij Vermeulen" })).toBeVisible();

    // Keyboard: focus the marker, Enter opens its popup with the focus on its link, Escape gives it back.
    await bakery.focus();
    await page.keyboard.press("Enter");
    const link = page.getByRole("link", { name: "Go to the merchant's page" });
    await expect(link).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(bakery).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/merchants\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bakkerij Vermeulen" })).toBeVisible();

    // All municipalities: no map (it shows one town's merchants).
    await page.goto("/merchants?lng=en");
    await expect(page.getByRole("heading", { name: "On the map" })).toHaveCount(0);
  });

  test("a merchant takes its pin away: no map on its page, directions search for its address", async ({ page }) => {
    await serveTiles(page);
    await acceptCookies(page);
    await login(page, PHARMACY);
    await page.goto("/merchant/profile?lng=en");
    const place = page.getByRole("group", { name: "Your place on the map" });
    const status = page.getByTestId("pin-status");
    // At its address (50.92687, 5.32912), or on a retry where the last run put it back.
    await expect(status).toHaveText(/^The pin is at 50\.9\d{4}, 5\.3\d{4}\.$/);
    await place.getByRole("button", { name: "Remove the pin" }).click();
    await expect(status).toHaveText("No pin on the map.");
    // The focus goes back to the way of putting a new pin.
    await expect(place.getByRole("button", { name: "Put the pin in the middle of the map" })).toBeFocused();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    await page.goto("/merchant/profile?lng=en");
    await expect(status).toHaveText("No pin on the map.");
    await page.getByRole("link", { name: "View your public page" }).click();
    await expect(page).toHaveURL(/\/merchants\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Apotheek Peeters" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "On the map" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Get directions" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/search?query=Koningin%20Astridlaan%2071%2C%203500%20Hasselt",
    );
    await page.goto("/merchants?municipality=hasselt&lng=en");
    await expect(page.locator(".map-marker")).toHaveCount(3);
    await expect(page.getByRole("button", { name: /^Apotheek Peeters,/ })).toHaveCount(0);
    // Still in the list.
    await expect(page.getByRole("heading", { level: 2, name: "Apotheek Peeters" })).toBeVisible();

    // Back on the map (the map opens on Hasselt's centre now), for the other tests.
    await page.goto("/merchant/profile?lng=en");
    await place.getByRole("button", { name: "Put the pin in the middle of the map" }).click();
    await expect(status).toHaveText(/^The pin is at 50\.\d{5}, 5\.\d{5}\.$/);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  });

  test("tiles that fail leave the pages working; 390 px wide without sideways scroll", async ({ page }) => {
    await page.route(TILE, (route) => route.abort("failed"));
    await page.setViewportSize({ width: 390, height: 844 });
    await acceptCookies(page);
    await page.goto("/merchants?municipality=hasselt&lng=en");
    await expect(page.getByText("The map background could not be loaded")).toBeVisible();
    await expect(page.locator(".map-marker")).toHaveCount(4);
    await noSidewaysScroll(page);
    await page.getByRole("heading", { level: 2, name: "Bakkerij Vermeulen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bakkerij Vermeulen" })).toBeVisible();
    await expect(page.getByText("The map background could not be loaded")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Get directions/ }).first()).toHaveAttribute("href", ROUTE);
    await noSidewaysScroll(page);

    await login(page, DEMO.merchant);
    await page.goto("/merchant/profile?lng=en");
    await expect(page.getByRole("button", { name: "Put the pin in the middle of the map" })).toBeEnabled();
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
});
