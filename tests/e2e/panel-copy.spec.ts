/** Copy and layout fixes of the public pages: footer, sentence case, Dutch wording, merchant page, phone order. */
import { expect, test } from "./fixtures";
import { acceptCookies, expectAccessible } from "./helpers";

test.describe("copy", () => {
  test("the footer has this year, no stand-in address or e-mail and no social icons without links", async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto("/hasselt?lng=en");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
    await expect(footer).not.toContainText("2025");
    await expect(footer).not.toContainText("buurtplatform.local");
    await expect(footer).not.toContainText("Grote Markt 1, 3500 Hasselt");
    await expect(footer.getByText(/coming soon/i)).toHaveCount(0);
    await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
  });

  test("Dutch reads naturally; English event pages use sentence case", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/hasselt?lng=nl");
    await expect(page.getByRole("link", { name: "Meldingen ontvangen" })).toBeVisible();
    await page.goto("/events/hasselt/00000000-0000-4000-8000-000000000000?lng=en");
    await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to events" })).toBeVisible();
  });

  test("a merchant page: business hours once, and its own promotions behind See promotions", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/merchants?lng=en&q=Vermeulen");
    await page.getByRole("link", { name: /Bakkerij Vermeulen/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bakkerij Vermeulen");
    await expect(page.getByText("Business hours", { exact: true })).toHaveCount(1);
    await expect(page.getByRole("table", { name: "Business hours" })).toBeVisible();
    await page.getByRole("link", { name: "See Bakkerij Vermeulen's promotions" }).click();
    await expect(page).toHaveURL(/\/promotions\/hasselt\?merchant=/);
    await expect(page.getByText("Promotions of Bakkerij Vermeulen.")).toBeVisible();
    const cards = page.getByRole("main").getByRole("listitem");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) await expect(card).toContainText("Bakkerij Vermeulen");
    await expectAccessible(page);
  });

  test("on a phone a promotion's title and price come before its gallery", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await acceptCookies(page);
    await page.goto("/promotions/hasselt?lng=en&q=Sunday+breakfast");
    await page.getByRole("link", { name: /Sunday breakfast box for two/ }).click();
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    const gallery = await page.getByRole("region", { name: "Photos" }).boundingBox();
    expect(title && gallery && title.y < gallery.y).toBe(true);
  });
});

test("a discount is written in the reader's language", async ({ page }) => {
  await acceptCookies(page);
  await page.goto("/promotions/hasselt?lng=fr");
  const main = page.getByRole("main");
  await expect(main.getByText(/\d+\s%\sde réduction/).first()).toBeVisible();
  await expect(main.getByText(/% Off/)).toHaveCount(0);
  await page.goto("/promotions/hasselt?lng=nl");
  await expect(
    page
      .getByRole("main")
      .getByText(/\d+% korting/)
      .first(),
  ).toBeVisible();
});
