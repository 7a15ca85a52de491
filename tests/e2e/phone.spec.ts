/**
 * The installed app: the manifest, Chromium's installability check, and what a phone shows when the network is
 * gone (the server is really stopped, not emulated: the service worker's own fetches see the cut).
 * Every other spec blocks service workers (playwright.config.ts); this one runs its own browser profile, since
 * Chromium never offers to install from an incognito-like context.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, type Page, chromium, expect, test } from "@playwright/test";
import { DEMO, expectAccessible } from "./helpers";
import { type Extra, publishedDemoDir, startExtra } from "./spawn";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"];

async function profile(): Promise<BrowserContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bp-phone-profile-"));
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ARGS,
    viewport: { width: 390, height: 844 },
    serviceWorkers: "allow",
    locale: "nl-BE",
  });
}

/** Waits until the page is controlled by an activated service worker. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first page is not controlled (no clients.claim): the next navigation is.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

async function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open("pages-v1");
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
}

test.describe("the installed app", () => {
  test.describe.configure({ mode: "serial" });
  let server: Extra;
  let context: BrowserContext;

  test.beforeAll(async () => {
    server = await startExtra({}, await publishedDemoDir());
    context = await profile();
  });
  test.afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  test("the manifest is in the reader's language and opens on the resident's town", async ({ request }) => {
    const nl = await request.get(`${server.origin}/manifest.webmanifest`, { headers: { Cookie: "i18next=nl" } });
    expect(nl.headers()["content-type"]).toContain("application/manifest+json");
    const m = await nl.json();
    expect(m).toMatchObject({ lang: "nl", short_name: "Buurt", start_url: "/", display: "standalone" });
    expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of m.icons) expect((await request.get(`${server.origin}${icon.src}`)).status()).toBe(200);
    const fr = await (await request.get(`${server.origin}/manifest.webmanifest?lng=fr`)).json();
    expect(fr.short_name).toBe("Quartier");
  });

  test("Chromium finds nothing that prevents installing it", async () => {
    const page = await context.newPage();
    await page.goto(`${server.origin}/hasselt`);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    await page.close();
  });

  test("offline: the last town home opened is shown as saved, other pages get the offline page", async () => {
    const page = await context.newPage();
    await page.goto(`${server.origin}/hasselt?lng=nl`);
    await controlled(page);
    await expect.poll(() => keptPages(page)).toEqual(["/hasselt"]);
    // The offline page is accessible too (checked while online).
    await page.goto(`${server.origin}/offline?lng=nl`);
    await expect(page.getByRole("heading", { name: "Je bent offline" })).toBeVisible();
    await expectAccessible(page);

    await server.stop();
    await page.goto(`${server.origin}/hasselt`);
    await expect(
      page.getByRole("status").filter({ hasText: "Je bent offline: deze pagina werd bewaard op" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hasselt");
    await page.goto(`${server.origin}/zonhoven`);
    await expect(page.getByRole("heading", { name: "Je bent offline" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Hasselt/ })).toBeVisible();
    await page.close();
    // The next test needs a server again, on a new port (a new origin, so a new service worker).
    server = await startExtra({}, await publishedDemoDir());
  });

  test("signing out forgets every kept page", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.origin}/login?lng=en`);
    await page.getByLabel("Email").fill(DEMO.user.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.user.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    // A signed-in resident's installed app opens on their own town (the demo resident lives in Hasselt).
    const manifest = await (await page.request.get(`${server.origin}/manifest.webmanifest`)).json();
    expect(manifest.start_url).toBe("/hasselt");
    await page.goto(`${server.origin}/hasselt`);
    await controlled(page);
    await expect.poll(() => keptPages(page)).toEqual(["/hasselt"]);
    // My vouchers and every voucher opened are kept too, to show at a counter with a weak signal.
    await page.goto(`${server.origin}/my-vouchers`);
    const voucherLinks = page.locator('main a[href^="/my-vouchers/"]');
    expect(await voucherLinks.count()).toBeGreaterThan(0);
    const voucherPath = (await voucherLinks.first().getAttribute("href")) as string;
    await page.goto(`${server.origin}${voucherPath}`);
    await expect
      .poll(async () => (await keptPages(page)).sort())
      .toEqual(["/hasselt", "/my-vouchers", voucherPath].sort());
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // Notifications on this device: offered on the profile; this test browser has no push service to reach,
    // so turning it on ends in a clear message instead of a silent failure.
    await context.grantPermissions(["notifications"], { origin: server.origin });
    await page.goto(`${server.origin}/profile?lng=en#notifications`);
    const turnOn = page.getByRole("button", { name: "Notify me on this device" });
    await expect(turnOn).toBeVisible();
    await expectAccessible(page);
    await turnOn.click();
    await expect(page.getByText("Notifications could not be turned on. Please try again later.")).toBeVisible({
      timeout: 20_000,
    });
    await page.goto(`${server.origin}/hasselt`);
    // The header's sign-out button, whatever language the resident's account uses.
    await page.getByRole("banner").locator('form[action="/logout"] button').click();
    await page.waitForURL((url) => url.pathname.startsWith("/login"));
    await expect.poll(() => keptPages(page)).toEqual([]);
    await page.close();
  });
});
