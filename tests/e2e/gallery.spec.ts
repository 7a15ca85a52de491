/**
 * Galleries and revenue in the browser: a merchant adds a promotion with 2 gallery pictures (uploaded, each
 * with its alt text); the resident's page shows them in a gallery that works with the keyboard (buttons,
 * arrow keys, Home/End; each change announced); a missing alt text is refused with its message. The admin
 * dashboard shows this month's revenue from the seeded subscriptions, with its chart and table. Axe clean.
 */
import { type Browser, type Page, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";
import { transparentPng } from "../support/images";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const inDays = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(new Date(Date.now() + n * 86_400_000));

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(page);
  await login(page, who);
  return page;
}

test.describe("galleries", () => {
  test("a merchant adds 2 gallery pictures with alt text; the public gallery works by keyboard", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await signedIn(browser, DEMO.merchant);
    await page.goto("/merchant/promotions?lng=en");
    const title = unique("E2E gallery deal");
    await page.getByRole("button", { name: "Add promotion" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Valid until").fill(inDays(20));
    await dialog.getByLabel("Price", { exact: true }).fill("€3.00");

    const pictures = [
      { alt: "Warm bread on a wooden board", png: await transparentPng(320, 180) },
      { alt: "Croissants in a basket", png: await transparentPng(300, 200) },
    ];
    for (const [n, picture] of pictures.entries()) {
      await dialog.getByRole("button", { name: "Add a picture" }).click();
      const slot = dialog.locator("[data-slot]").nth(n);
      // The new slot's alt text field has the focus, ready to type.
      await expect(slot.getByLabel("Alt text")).toBeFocused();
      await slot.getByLabel("Choose a picture").setInputFiles({
        name: `picture-${n}.png`,
        mimeType: "image/png",
        buffer: picture.png,
      });
      await expect(slot.getByText("Picture uploaded. Save the form to use it.")).toBeVisible();
    }
    // Without its alt text, a picture is refused with the message on the field, and nothing is added.
    await dialog.locator("[data-slot]").nth(0).getByLabel("Alt text").fill(pictures[0].alt);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByText(/Describe this picture \(alt text\)/).first()).toBeVisible();
    await dialog.locator("[data-slot]").nth(1).getByLabel("Alt text").fill(pictures[1].alt);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByText("Promotion added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    const href = await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("link", { name: /View on the site/ })
      .getAttribute("href");
    expect(href).toMatch(/^\/promotions\/hasselt\/[0-9a-f-]{36}$/);

    // The resident's page, as a guest.
    const guest = gotoWaitsForHydration(await (await browser.newContext()).newPage());
    await acceptCookies(guest);
    await guest.goto(`${href}?lng=en`);
    const gallery = guest.getByRole("region", { name: `Photos of ${title}` });
    await expect(gallery).toHaveAttribute("aria-roledescription", "photo gallery");
    const position = gallery.getByTestId("gallery-position");
    await expect(position).toHaveText("Photo 1 of 2");
    await expect(position).toHaveAttribute("aria-live", "polite");
    await expect(gallery.getByRole("img", { name: pictures[0].alt })).toBeVisible();

    // Keyboard: the next button with Enter, then the arrow keys and Home/End on the thumbnails.
    await gallery.getByRole("button", { name: "Next photo" }).focus();
    await guest.keyboard.press("Enter");
    await expect(position).toHaveText("Photo 2 of 2");
    await expect(gallery.getByRole("img", { name: pictures[1].alt })).toBeVisible();
    const thumbs = gallery.getByRole("button", { name: /^Show photo \d of 2$/ });
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await guest.keyboard.press("Tab");
    await expect(thumbs.nth(1)).toBeFocused();
    await guest.keyboard.press("ArrowLeft");
    await expect(position).toHaveText("Photo 1 of 2");
    await expect(thumbs.nth(0)).toBeFocused();
    await guest.keyboard.press("End");
    await expect(position).toHaveText("Photo 2 of 2");
    await guest.keyboard.press("Home");
    await expect(position).toHaveText("Photo 1 of 2");
    await guest.keyboard.press("ArrowRight");
    await guest.keyboard.press("Enter");
    await expect(position).toHaveText("Photo 2 of 2");
    await expectAccessible(guest);

    // On a phone: a swipe to the left shows the next photo, to the right the previous one.
    const phone = gotoWaitsForHydration(
      await (
        await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } })
      ).newPage(),
    );
    await acceptCookies(phone);
    await phone.goto(`${href}?lng=en`);
    const phoneGallery = phone.getByRole("region", { name: `Photos of ${title}` });
    const phonePosition = phoneGallery.getByTestId("gallery-position");
    await expect(phonePosition).toHaveText("Photo 1 of 2");
    const swipe = (from: number, to: number) =>
      phoneGallery
        .getByRole("img", { name: /./ })
        .first()
        .evaluate(
          (img, [x0, x1]) => {
            const target = img.parentElement?.closest("div") ?? img;
            const rect = img.getBoundingClientRect();
            const y = rect.top + rect.height / 2;
            const point = (x: number) =>
              new Touch({ identifier: 1, target, clientX: rect.left + x, clientY: y, pageX: rect.left + x, pageY: y });
            target.dispatchEvent(
              new TouchEvent("touchstart", { bubbles: true, touches: [point(x0)], changedTouches: [point(x0)] }),
            );
            target.dispatchEvent(
              new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [point(x1)] }),
            );
          },
          [from, to],
        );
    await swipe(300, 100);
    await expect(phonePosition).toHaveText("Photo 2 of 2");
    await swipe(100, 300);
    await expect(phonePosition).toHaveText("Photo 1 of 2");
  });
});

test.describe("revenue", () => {
  test("the admin dashboard shows this month's revenue with a 12-month chart and table", async ({ browser }) => {
    const page = await signedIn(browser, DEMO.admin);
    await page.goto("/admin/dashboard?lng=en");
    // The demo's active subscriptions this month: Premium €49 + Enterprise €149 + Free €0 (seed/gallery.ts).
    await expect(page.getByTestId("stat-revenue")).toContainText("€198.00");
    const section = page.getByRole("region", { name: "Revenue, last 12 months" });
    await expect(section.getByRole("img", { name: /^Revenue per month: / })).toBeVisible();
    const table = section.getByRole("table", { name: "Revenue per month, newest first" });
    // A header row and one row per month.
    await expect(table.getByRole("row")).toHaveCount(13);
    await expect(table.getByRole("row").nth(1)).toContainText("€198.00");
    await expectAccessible(page);
  });
});
