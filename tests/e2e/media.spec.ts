/**
 * Photos, from the outside: a resident files a report with a phone photo carrying GPS EXIF;
 * until approval its address is a 404 to everyone but the reporter and administrators; afterwards it is
 * public, AVIF or WebP, without metadata and cached for a year. A merchant replaces a promotion's image by
 * upload (the old one is gone). Every bad file gets its message and stores nothing.
 */
import sharp from "sharp";
import { type Browser, type Page, expect, gotoWaitsForHydration, request as pwRequest, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";
import {
  MULTIPART_TYPE,
  heicHeader,
  hugePngHeader,
  multipart,
  phoneJpeg,
  transparentPng,
  truncatedJpeg,
} from "../support/images";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(page);
  await login(page, who);
  return page;
}

async function guestGet(baseURL: string, path: string) {
  const ctx = await pwRequest.newContext({ baseURL });
  const res = await ctx.get(path);
  const body = await res.body();
  const headers = res.headers();
  const all = res.headersArray();
  await ctx.dispose();
  return { status: res.status(), headers, body, all };
}

/** How many times a header is sent (a browser enforces every copy of some, and the copies may differ). */
const copies = (all: { name: string }[], name: string) => all.filter((h) => h.name.toLowerCase() === name).length;

test.describe("photos", () => {
  test("a resident's report photo: private while pending, then public WebP/AVIF without metadata", async ({
    browser,
    baseURL,
  }) => {
    // Three people sign in and two pages are checked with axe: slow on a busy machine.
    test.setTimeout(180_000);
    const text = unique("E2E: fallen tree on the Groenplein");
    const resident = await signedIn(browser, DEMO.user);
    await resident.goto("/report/hasselt?lng=en");
    await resident.getByLabel("Description").fill(text);
    const photo = await phoneJpeg();
    expect((await sharp(photo).metadata()).exif).toBeTruthy();
    const picker = resident.getByLabel("Choose a photo");
    await expect(picker).toHaveAttribute("accept", "image/*");
    // A photo already taken can be chosen: the picker does not force the camera; the camera has its own button.
    await expect(picker).not.toHaveAttribute("capture");
    await expect(resident.locator('input[type="file"][capture="environment"]')).toHaveCount(1);
    await picker.setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
    const preview = resident.getByRole("img", { name: "Preview of the chosen picture" });
    await expect(preview).toBeVisible();
    // The preview really shows (the page's CSP admits the chosen file's blob: address).
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(resident.getByText("Picture uploaded. Save the form to use it.")).toBeVisible();
    const url = await resident.locator('input[type="hidden"][name="image_url"]').inputValue();
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}-1280\.jpg$/);
    const base = url.replace(/-1280\.jpg$/, "");
    await expectAccessible(resident);
    await resident.getByRole("button", { name: "Submit report" }).click();
    await expect(resident.getByText(/awaiting review/)).toBeVisible();

    // Pending: a 404 to a guest and to another signed-in user; the reporter sees it, privately.
    expect((await guestGet(baseURL as string, `${base}-640.webp`)).status).toBe(404);
    const merchant = await signedIn(browser, DEMO.merchant);
    expect((await merchant.request.get(`${base}-640.webp`)).status()).toBe(404);
    const own = await resident.request.get(`${base}-640.webp`);
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toBe("private, no-store");

    // The administrator sees it in the moderation list, then approves.
    const admin = await signedIn(browser, DEMO.admin);
    expect((await admin.request.get(`${base}-640.webp`)).status()).toBe(200);
    await admin.goto(`/admin/reports?lng=en&q=${encodeURIComponent(text)}`);
    const row = admin.getByRole("row").filter({ hasText: text.slice(0, 30) });
    await row.getByRole("button", { name: /^Approve/ }).click();
    await admin.getByRole("dialog", { name: "Approve report" }).getByRole("button", { name: "Approve" }).click();
    await expect(row.getByText("Approved")).toBeVisible();

    // Public now: the modern formats, no metadata, cached for a year, typed and not sniffable.
    for (const [ext, type] of [
      ["webp", "image/webp"],
      ["avif", "image/avif"],
    ] as const) {
      const res = await guestGet(baseURL as string, `${base}-640.${ext}`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-disposition"]).toBe("inline");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(copies(res.all, "cross-origin-resource-policy")).toBe(1);
      const meta = await sharp(res.body).metadata();
      expect(meta.format).toBe(ext === "webp" ? "webp" : "heif");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(res.body.includes(Buffer.from("SN-1234567890"))).toBe(false);
      // Turned upright from the EXIF orientation: portrait.
      expect((meta.height ?? 0) > (meta.width ?? 0)).toBe(true);
    }

    // The public list shows it through <picture>, AVIF first, with its size set.
    const visitor = gotoWaitsForHydration(await (await browser.newContext()).newPage());
    await acceptCookies(visitor);
    await visitor.goto("/reports/hasselt?lng=en");
    const card = visitor.locator("article").filter({ hasText: text });
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", new RegExp(base));
    const img = card.locator("picture img");
    await expect(img).toHaveAttribute("width", /\d+/);
    await expect(img).toHaveAttribute("height", /\d+/);
    await expectAccessible(visitor);

    // Clean up: deleting the report deletes its photo.
    await row.getByRole("button", { name: /^Delete/ }).click();
    await admin.getByRole("dialog", { name: "Delete report" }).getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);
    expect((await admin.request.get(`${base}-640.webp`)).status()).toBe(404);
  });

  test("a report's outside picture loads in the moderation queue only when the moderator asks", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = unique("E2E: outside picture");
    const resident = await signedIn(browser, DEMO.user);
    const filed = await resident.request.post("/report/hasselt", {
      headers: { Origin: new URL(baseURL as string).origin },
      form: { description: text, type: "informative", image_url: "https://tracker.example/pixel.gif?who=moderator" },
      maxRedirects: 0,
    });
    expect(filed.status()).toBeLessThan(400);

    const admin = await signedIn(browser, DEMO.admin);
    const asked: string[] = [];
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
    await admin.route("https://tracker.example/**", (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "image/gif", body: gif });
    });
    await admin.goto(`/admin/reports?lng=en&q=${encodeURIComponent(text)}`);
    const row = admin.getByRole("row").filter({ hasText: text.slice(0, 30) });
    await expect(row).toHaveCount(1);
    await expect(admin.getByText(/Photos from other websites are loaded only when you ask/)).toBeVisible();
    const load = row.getByRole("button", { name: "Load outside image from tracker.example" });
    await expect(load).toBeVisible();
    await expect(row.locator('img[src^="https://tracker.example"]')).toHaveCount(0);
    await admin.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    await expectAccessible(admin);

    await load.click();
    const img = row.getByRole("img", { name: "Photo" });
    await expect(img).toBeVisible();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(asked.every((u) => u.startsWith("https://tracker.example/pixel.gif"))).toBe(true);

    // The same queue in Dutch and French names the button in their words, and loads nothing again.
    const loaded = asked.length;
    for (const [lng, name] of [
      ["nl", "Externe afbeelding van tracker.example laden"],
      ["fr", "Charger l'image externe de tracker.example"],
    ] as const) {
      await admin.goto(`/admin/reports?lng=${lng}&q=${encodeURIComponent(text)}`);
      await expect(admin.getByRole("button", { name })).toBeVisible();
      await admin.waitForLoadState("networkidle");
    }
    expect(asked.length).toBe(loaded);

    // Clean up: the probe report goes.
    await admin.goto(`/admin/reports?lng=en&q=${encodeURIComponent(text)}`);
    await row.getByRole("button", { name: /^Delete/ }).click();
    await admin.getByRole("dialog", { name: "Delete report" }).getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);
  });

  test("a merchant replaces a promotion's image by upload", async ({ browser, baseURL }) => {
    const page = await signedIn(browser, DEMO.merchant);
    await page.goto("/merchant/promotions?lng=en");
    // A seeded promotion no other test edits (the first row may be one another test just created).
    await page
      .getByRole("row")
      .filter({ hasText: "Limburg vlaai of the month" })
      .getByRole("button", { name: /Edit/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Edit promotion" })).toBeVisible();
    // The seeded image is an upload: shown, and posted as it is unless replaced.
    const before = await dialog.locator('input[type="hidden"][name="image_url"]').inputValue();
    expect(before).toMatch(/^\/media\/[0-9a-f]{32}-1280\.jpg$/);
    expect((await guestGet(baseURL as string, before)).status).toBe(200);

    await dialog
      .getByLabel("Replace picture")
      .setInputFiles({ name: "bread.png", mimeType: "image/png", buffer: await transparentPng(800, 500) });
    await expect(dialog.getByText("Picture uploaded. Save the form to use it.")).toBeVisible();
    const after = await dialog.locator('input[type="hidden"][name="image_url"]').inputValue();
    expect(after).not.toBe(before);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog.getByText(/updated successfully/)).toBeVisible();

    // The new image is public; the replaced one is gone.
    const fresh = await guestGet(baseURL as string, after.replace("1280.jpg", "320.webp"));
    expect(fresh.status).toBe(200);
    expect(fresh.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await guestGet(baseURL as string, before)).status).toBe(404);
  });

  test("each bad file gets its own message and stores nothing", async ({ browser, baseURL }) => {
    const page = await signedIn(browser, DEMO.user);
    await page.goto("/report/hasselt?lng=en");
    const picker = page.getByLabel("Choose a photo");
    await picker.setInputFiles({ name: "IMG_0002.HEIC", mimeType: "image/heic", buffer: heicHeader() });
    await expect(page.getByRole("alert")).toContainText("Send it as JPEG");
    await expect(page.locator('input[type="hidden"][name="image_url"]')).toHaveCount(0);
    await picker.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture") });
    await expect(page.getByRole("alert")).toContainText("not a picture we can use");

    // The same refusals through the endpoint itself, in Dutch: never a 500, never an address.
    const origin = new URL(baseURL as string).origin;
    const cases: [string, Buffer, number, RegExp][] = [
      ["truncated.jpg", await truncatedJpeg(), 400, /beschadigd of onvolledig/],
      ["huge.png", hugePngHeader(), 400, /te veel pixels/],
      ["photo.heic", heicHeader(), 400, /als JPEG/],
      ["fake.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), 400, /geen bruikbare afbeelding/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const res = await page.request.post("/media/upload?lng=nl", {
        headers: { "Content-Type": MULTIPART_TYPE, Origin: origin, "Accept-Language": "nl" },
        data: multipart([{ file: "file", filename: name, type: "image/jpeg", bytes }]),
      });
      expect(res.status(), name).toBe(status);
      const body = await res.json();
      expect(body.ok).toBe(false);
      expect(body.url).toBeUndefined();
      expect(body.error, name).toMatch(message);
    }
    const png = await transparentPng(10, 10);
    const two = await page.request.post("/media/upload", {
      headers: { "Content-Type": MULTIPART_TYPE, Origin: origin },
      data: multipart([
        { file: "file", filename: "a.png", type: "image/png", bytes: png },
        { file: "file", filename: "b.png", type: "image/png", bytes: png },
      ]),
    });
    expect(two.status()).toBe(400);
    expect((await two.json()).reason).toBe("tooManyFiles");
    // Over 10 MB: refused before the body is read.
    const big = await page.request.post("/media/upload", {
      headers: { "Content-Type": MULTIPART_TYPE, Origin: origin },
      data: multipart([
        { file: "file", filename: "big.jpg", type: "image/jpeg", bytes: Buffer.alloc(11 * 1024 * 1024) },
      ]),
    });
    expect(big.status()).toBe(413);
    // A guest may not upload at all.
    const ctx = await pwRequest.newContext({ baseURL });
    const guest = await ctx.post("/media/upload", {
      headers: { "Content-Type": MULTIPART_TYPE, Origin: origin },
      data: multipart([{ file: "file", filename: "a.png", type: "image/png", bytes: png }]),
    });
    expect(guest.status()).toBe(401);
    await ctx.dispose();
  });
});
