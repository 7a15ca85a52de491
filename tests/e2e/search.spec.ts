/**
 * on the demo data: the landing search with real names (accents, apostrophes, hyphens, any case)
 * and the promotions search in Dutch and French, with the matched words marked.
 */
import { expect, test } from "./fixtures";
import { acceptCookies, expectAccessible } from "./helpers";

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test.describe("landing search with real names", () => {
  test("choosing a suggestion goes to the municipality by its slug", async ({ page }) => {
    await page.goto("/?lng=fr");
    const box = page.getByRole("main").getByRole("combobox");
    await box.fill("liege");
    const list = page.getByRole("listbox");
    await expect(list.getByRole("option")).toHaveCount(1);
    await expect(list.getByRole("option")).toContainText("Liège");
    await expectAccessible(page);
    await box.press("ArrowDown");
    await box.press("Enter");
    await page.waitForURL(/\/liege$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Liège");

    await page.goto("/?lng=nl");
    await page.getByRole("main").getByRole("combobox").fill("s hertogenbosch");
    await page
      .getByRole("listbox")
      .getByRole("option", { name: /'s-Hertogenbosch/ })
      .click();
    await page.waitForURL(/\/s-hertogenbosch$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("'s-Hertogenbosch");
  });

  for (const [typed, slug] of [
    ["LIÈGE", "liege"],
    ["s hertogenbosch", "s-hertogenbosch"],
    ["Sint Niklaas", "sint-niklaas"],
    ["ecaussinnes", "ecaussinnes"],
    ["La Louvière", "la-louviere"],
  ] as const) {
    test(`typing "${typed}" and Explore reaches /${slug}`, async ({ page }) => {
      await page.goto("/?lng=en");
      const box = page.getByRole("main").getByRole("combobox");
      await box.fill(typed);
      await box.press("Tab"); // the list closes; the typed text is what is sent
      await page.getByRole("button", { name: "Explore" }).click();
      await page.waitForURL(new RegExp(`/${slug}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
});

test.describe("search that understands Dutch and French", () => {
  test("inflected and accented forms are found and marked", async ({ page }) => {
    await page.goto("/promotions/sint-niklaas?lng=nl&q=bakkerij");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards.filter({ hasText: "Zondagse taartjes" })).toHaveCount(1); // "...onze bakkerijen"
    await expect(page.locator("mark", { hasText: "bakkerijen" }).first()).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Sorteren op" })).toHaveValue("relevance");
    await expectAccessible(page);

    await page.goto("/promotions/liege?lng=fr&q=cafe");
    await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "Café gourmand" })).toHaveCount(1);
    await expect(page.locator("mark", { hasText: "Café" }).first()).toBeVisible();

    await page.goto("/merchants?lng=fr&q=fleurs");
    await expect(page.getByRole("heading", { name: "Fleuriste Les Coteaux" })).toBeVisible();
  });
});
