/** Merchant panel: the demo merchant (Hasselt) manages promotions, events and its profile. */
import { type Page, expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(new Date());
const inDays = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(new Date(Date.now() + n * 86_400_000));
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signIn(page: Page) {
  await acceptCookies(page);
  await login(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant\/dashboard/);
}

/** The table row of a title, once the list has reloaded. */
const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });

/** A dialog shows its success message, then closes by itself. */
async function expectDialogSuccess(page: Page, message: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
}

test.describe("merchant panel", () => {
  test("dashboard: welcome, figures, quick links, recent activity; accessible", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
    // Real counts (tests/e2e/metrics.spec.ts) instead of the spec's "Total Clicks (Mock) 1234".
    await expect(page.getByText("Total clicks", { exact: true })).toBeVisible();
    await expect(page.getByTestId("stat-clicks")).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByRole("heading", { name: "Recent activity" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Merchant menu" });
    for (const name of ["Dashboard", "Promotions", "Events", "Business profile"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expectAccessible(page);
    await page.getByRole("link", { name: /Manage promotions/ }).click();
    await expect(page).toHaveURL(/\/merchant\/promotions$/);
  });

  test("promotions: add in each pricing mode, see them on the public pages, edit, delete", async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.goto("/merchant/promotions");
    await expect(page.getByRole("heading", { level: 1, name: "My promotions" })).toBeVisible();
    await expectAccessible(page);

    // Required fields: the documented message, and nothing is added.
    await page.getByRole("button", { name: "Add promotion" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Add promotion" })).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Please fill in all required fields");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Add promotion" })).toBeFocused();

    // Price mode.
    const priced = unique("Spring bread deal");
    await page.getByRole("button", { name: "Add promotion" }).click();
    await dialog.getByLabel("Title").fill(priced);
    await dialog.getByLabel("Description").fill("Two loaves for the price of one.");
    await dialog.getByLabel("Valid until").fill(inDays(20));
    await dialog.getByLabel("Price", { exact: true }).fill("€4.50");
    await dialog.getByLabel("Original price").fill("€9.00");
    await dialog.getByLabel("Terms and conditions").fill("One per customer\nWhile stocks last");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expectDialogSuccess(page, "Promotion added successfully!");
    await expect(rowOf(page, priced)).toContainText("€4.50");

    // Percentage mode: the price typed before switching is not stored.
    const percent = unique("Autumn discount");
    await page.getByRole("button", { name: "Add promotion" }).click();
    await dialog.getByLabel("Title").fill(percent);
    await dialog.getByLabel("Valid until").fill(inDays(30));
    await dialog.getByLabel("Price", { exact: true }).fill("€1");
    await dialog.getByRole("radio", { name: "Percentage discount" }).check();
    await expect(dialog.getByLabel("Price", { exact: true })).toBeHidden();
    await dialog.getByLabel("Discount", { exact: true }).fill("20% Off");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expectDialogSuccess(page, "Promotion added successfully!");
    await expect(rowOf(page, percent)).toContainText("20% off");
    await expect(rowOf(page, percent)).not.toContainText("€1");

    // Public pages of the municipality.
    await page.goto("/promotions/hasselt");
    await expect(page.getByText(priced).first()).toBeVisible();
    await expect(page.getByText(percent).first()).toBeVisible();
    await page.goto("/merchant/promotions");
    await rowOf(page, percent)
      .getByRole("link", { name: /View on the site/ })
      .click();
    await expect(page).toHaveURL(/\/promotions\/hasselt\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: percent })).toBeVisible();

    // Edit: percentage mode is preselected because a discount exists.
    await page.goto("/merchant/promotions");
    await rowOf(page, percent).getByRole("button", { name: /Edit/ }).click();
    await expect(dialog.getByRole("heading", { name: "Edit promotion" })).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Percentage discount" })).toBeChecked();
    await expect(dialog.getByLabel("Discount", { exact: true })).toHaveValue("20%");
    const renamed = `${percent} (extended)`;
    await dialog.getByLabel("Title").fill(renamed);
    await dialog.getByLabel("Discount", { exact: true }).fill("25% Off");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expectDialogSuccess(page, "Promotion updated successfully!");
    await expect(rowOf(page, renamed)).toContainText("25% off");

    // Edit the priced one: price mode is preselected.
    await rowOf(page, priced).getByRole("button", { name: /Edit/ }).click();
    await expect(dialog.getByRole("radio", { name: "Fixed price" })).toBeChecked();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // Delete asks for confirmation; cancelling keeps the row.
    for (const title of [renamed, priced]) {
      await rowOf(page, title)
        .getByRole("button", { name: /Delete/ })
        .click();
      await expect(dialog.getByText(`Are you sure you want to delete "${title}"?`)).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expectDialogSuccess(page, "Promotion deleted successfully!");
      await expect(rowOf(page, title)).toHaveCount(0);
    }
  });

  test("events: add, see on the public pages, edit, delete", async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.goto("/merchant/events");
    await expect(page.getByRole("heading", { level: 1, name: "My events" })).toBeVisible();
    await expectAccessible(page);
    const title = unique("Bakery open day");
    await page.getByRole("button", { name: "Add event" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Venue").fill("Grote Markt 1, Hasselt");
    await dialog.getByLabel("Category").selectOption("Community");
    await dialog.getByLabel("Start date").fill(today());
    await dialog.getByLabel("Time").fill("07:15");
    await dialog.getByLabel("Price").fill("Free");
    await dialog.getByLabel("Expected attendees").fill("40");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expectDialogSuccess(page, "Event added successfully!");
    await expect(rowOf(page, title)).toContainText("No");

    await page.goto("/events/hasselt");
    await expect(page.getByText(title).first()).toBeVisible();
    await page.goto("/merchant/events");
    await rowOf(page, title)
      .getByRole("link", { name: /View on the site/ })
      .click();
    await expect(page).toHaveURL(/\/events\/hasselt\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.goto("/merchant/events");
    await rowOf(page, title).getByRole("button", { name: /Edit/ }).click();
    await expect(dialog.getByLabel("Venue")).toHaveValue("Grote Markt 1, Hasselt");
    await expect(dialog.getByLabel("Time")).toHaveValue("07:15");
    await dialog.getByLabel("Venue").fill("Kolonel Dusartplein, Hasselt");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expectDialogSuccess(page, "Event updated successfully!");
    await expect(rowOf(page, title)).toBeVisible();

    await rowOf(page, title)
      .getByRole("button", { name: /Delete/ })
      .click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expectDialogSuccess(page, "Event deleted successfully!");
    await expect(rowOf(page, title)).toHaveCount(0);
  });

  test("profile: opening hours edited in the panel show on the public merchant page", async ({ page }) => {
    await signIn(page);
    await page.goto("/merchant/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Business profile" })).toBeVisible();
    await expect(page.getByLabel("Premium merchant")).toBeDisabled();
    await expectAccessible(page);
    const hours = `08:${String(Math.floor(Math.random() * 50) + 10)} - 19:00`;
    await page.getByLabel("Wednesday").fill(hours);
    await page.getByLabel("Sunday").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    await expect(page.getByLabel("Wednesday")).toHaveValue(hours);

    // Required field: the documented message.
    await page.getByLabel("Business name").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Please fill in all required fields");
    await page.reload();

    await page.getByRole("link", { name: "View your public page" }).click();
    await expect(page).toHaveURL(/\/merchants\/[^/]+$/);
    const hoursSection = page.locator("section").filter({ has: page.getByRole("heading", { name: /hours/i }) });
    await expect(hoursSection).toContainText("Wednesday");
    await expect(hoursSection).toContainText(hours);
    await expect(hoursSection).not.toContainText("Sunday");
  });

  test("in Dutch: the panel and its messages are translated", async ({ page }) => {
    await signIn(page);
    await page.goto("/merchant/events?lng=nl");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("heading", { level: 1, name: "Mijn evenementen" })).toBeVisible();
    await page.getByRole("button", { name: "Evenement toevoegen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Toevoegen", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Vul alle verplichte velden in");
    await expectAccessible(page);
  });

  test("phone width: the menu collapses into a drawer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const menu = page.getByRole("navigation", { name: "Merchant menu" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/merchant\/events$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("merchant panel access", () => {
  test("guests go to /login, residents to /", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/merchant/promotions");
    await expect(page).toHaveURL(/\/login/);
    await login(page, DEMO.user);
    await page.goto("/merchant/dashboard");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test("an admin is admitted to the dashboard guard but has no merchant record, so goes to /", async ({ page }) => {
    await acceptCookies(page);
    await login(page, DEMO.admin);
    await page.goto("/merchant/dashboard");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await page.goto("/merchant/promotions");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });
});
