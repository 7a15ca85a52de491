/**
 * Events that do what their buttons say: a resident registers for an event and the count changes, the
 * organiser sees who is coming (first names), the resident cancels; contact and directions lead somewhere;
 * practical information in the reader's language; the promotions list filtered by a tag; real About figures.
 */
import { type Browser, type Page, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(page);
  await login(page, who);
  return page;
}

const attendingLine = (page: Page) => page.getByTestId("attending-count");
const countOf = async (page: Page) =>
  Number(((await attendingLine(page).textContent()) ?? "").match(/\d+/)?.[0] ?? "NaN");

test.describe("events", () => {
  test("a resident registers, the count changes, the organiser sees the first name, the resident cancels", async ({
    browser,
  }) => {
    const resident = await signedIn(browser, DEMO.user);
    await resident.goto("/events/hasselt?lng=en");
    await resident.getByRole("link", { name: /Bread baking workshop/ }).click();
    await expect(resident.getByRole("heading", { level: 1 })).toContainText("Bread baking workshop");
    // The organiser's number is labelled as what it expects; the count is the registrations.
    await expect(resident.getByText("Expected by the organizer: 12")).toBeVisible();
    await expect(attendingLine(resident)).toHaveText(/^\d+ attending$/);
    const before = await countOf(resident);

    await resident.getByRole("button", { name: "Register for this event" }).click();
    await expect(resident.getByText("You are registered for this event.")).toBeVisible();
    await expect(attendingLine(resident)).toHaveText(`${before + 1} attending`);
    await expect(resident.getByRole("button", { name: "Cancel my registration" })).toBeVisible();
    await expectAccessible(resident);

    // The organiser (the demo merchant) sees the count and the first names in its events list.
    const merchant = await signedIn(browser, DEMO.merchant);
    await merchant.goto("/merchant/events?lng=en");
    const row = merchant.getByRole("row").filter({ hasText: "Bread baking workshop" });
    await row.getByText(`${before + 1} registered`).click();
    await expect(
      row.getByRole("list", { name: /First names of the residents registered/ }).getByRole("listitem"),
    ).toHaveCount(before + 1);
    await expect(row.getByRole("listitem").filter({ hasText: /^Emma$/ })).toBeVisible();
    await expectAccessible(merchant);

    await resident.getByRole("button", { name: "Cancel my registration" }).click();
    await expect(resident.getByText("Your registration was cancelled.")).toBeVisible();
    await expect(attendingLine(resident)).toHaveText(`${before} attending`);
    await expect(resident.getByRole("button", { name: "Register for this event" })).toBeVisible();
    await resident.context().close();
    await merchant.context().close();
  });

  test("a guest is asked to sign in; contact, directions and the organiser's details are real (nl)", async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto("/events/hasselt?lng=nl");
    await page.getByRole("link", { name: /Bread baking workshop/ }).click();
    await expect(page.getByRole("link", { name: "Inschrijven" })).toHaveAttribute("href", /^\/login\?redirectTo=/);
    // Practical information, written in English with a Dutch translation.
    const practical = page.getByRole("region", { name: "Praktische informatie" });
    await expect(practical).toContainText("schorten en ingrediënten");
    await expect(page.getByRole("link", { name: "Organisator contacteren" })).toHaveAttribute(
      "href",
      /^mailto:info@bakkerij-vermeulen\.example\?subject=/,
    );
    await expect(page.getByRole("link", { name: /^Routebeschrijving/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=Bakkerij%20Vermeulen/,
    );
    const organizer = page.getByRole("region", { name: "Organisator" });
    await expect(organizer.getByRole("link", { name: "+32 11 22 33 44" })).toHaveAttribute("href", "tel:+3211223344");
    await expect(organizer.getByRole("link", { name: "www.bakkerij-vermeulen.example" })).toBeVisible();
    await expect(organizer.getByText("+32 11 00 00 00")).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("promotion tags", () => {
  test("the promotions list filters on a tag; the detail shows the chosen tags, none when none chosen", async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto("/promotions/hasselt?lng=en");
    await page.getByLabel("Tag").selectOption("vegetarian");
    await expect(page).toHaveURL(/tag=vegetarian/);
    await expect(page.getByRole("link", { name: /20% off all sourdough loaves/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Sunday breakfast box for two/ })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: /20% off all sourdough loaves/ }).click();
    const tags = page.getByRole("region", { name: "Tags" });
    await expect(tags.getByRole("listitem")).toHaveText(["Vegetarian", "Local produce"]);

    await page.goto("/promotions/hasselt?lng=en&q=hay%20fever");
    await page.getByRole("link", { name: /Hay fever check and starter kit/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hay fever check");
    await expect(page.getByRole("region", { name: "Tags" })).toHaveCount(0);
  });
});

test.describe("tags and practical information in the merchant panel", () => {
  test("a merchant tags a promotion and writes an event's practical information; both show on the site", async ({
    browser,
  }) => {
    test.slow();
    const page = await signedIn(browser, DEMO.merchant);
    const title = `Tagged offer ${Date.now().toString(36)}`;
    await page.goto("/merchant/promotions?lng=en");
    await page.getByRole("button", { name: "Add promotion" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Valid until").fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel("Price", { exact: true }).fill("€3");
    const tags = dialog.getByRole("group", { name: "Tags" });
    await tags.getByLabel("Accessible").check();
    await tags.getByLabel("Limited stock").check();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByText("Promotion added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    await page.goto("/promotions/hasselt?lng=en&tag=accessible");
    await page.getByRole("link", { name: new RegExp(title) }).click();
    await expect(page.getByRole("region", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "Accessible",
      "Limited stock",
    ]);

    // Unchecking every tag clears them: nothing chosen, nothing shown.
    await page.goto("/merchant/promotions?lng=en");
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByRole("button", { name: /Edit/ }).click();
    await expect(tags.getByLabel("Accessible")).toBeChecked();
    await tags.getByLabel("Accessible").uncheck();
    await tags.getByLabel("Limited stock").uncheck();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await page.goto("/promotions/hasselt?lng=en&tag=accessible");
    await expect(page.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
    await page.goto("/merchant/promotions?lng=en");
    await row.getByRole("button", { name: /Delete/ }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(row).toHaveCount(0);

    // Practical information of an event.
    const event = `Open kitchen ${Date.now().toString(36)}`;
    await page.goto("/merchant/events?lng=en");
    await page.getByRole("button", { name: "Add event" }).click();
    await dialog.getByLabel("Title").fill(event);
    await dialog.getByLabel("Venue").fill("Grote Markt 12");
    await dialog.getByLabel("Category").selectOption("Community");
    await dialog.getByLabel("Start date").fill(new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel("Practical information", { exact: true }).fill("Enter through the side door.");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await page
      .getByRole("row")
      .filter({ hasText: event })
      .getByRole("link", { name: /View on the site/ })
      .click();
    await expect(page.getByRole("region", { name: "Practical information" })).toContainText(
      "Enter through the side door.",
    );
    await page.goto("/merchant/events?lng=en");
    const eventRow = page.getByRole("row").filter({ hasText: event });
    await expect(eventRow.getByText("No registrations yet")).toBeVisible();
    await eventRow.getByRole("button", { name: /Delete/ }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(eventRow).toHaveCount(0);
    await page.context().close();
  });
});

test.describe("about", () => {
  test("shows the platform's real counts (fr)", async ({ page }) => {
    await page.goto("/about-us?lng=fr");
    await expect(page.getByText(/^\d+$/).first()).toBeVisible();
    await expect(page.getByText(/communes? sur la plateforme/)).toBeVisible();
    await expect(page.getByText(/^commerces? locaux?$/)).toBeVisible();
    await expect(page.getByText("50+", { exact: true })).toHaveCount(0);
    await expect(page.getByText("10K+", { exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });
});
