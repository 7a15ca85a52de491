/**
 * Moderation: a report opened in full before deciding (whole text, place, reporter, earlier reports, likely
 * duplicates, followers an approval mails), and where focus goes after each panel action, with the result
 * announced in the panel's live region.
 */
import { type Browser, type Page, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function fileReports(browser: Browser, texts: string[]) {
  const context = await browser.newContext();
  const resident = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(resident);
  await login(resident, DEMO.user);
  for (const text of texts) {
    await resident.goto("/report/hasselt?lng=en");
    await resident.getByLabel("Description").fill(text);
    await resident.getByRole("button", { name: "Submit report" }).click();
    await expect(resident.getByText(/awaiting review/)).toBeVisible();
  }
  await context.close();
}

const focusedRowKey = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>("[data-row-key]")?.dataset.rowKey ?? null);
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName.toLowerCase());

test.describe("moderation", () => {
  test("a report opens in full with its reporter, earlier reports and duplicates before approving", async ({
    page,
    browser,
  }) => {
    const tag = unique("mill");
    const first = `E2E ${tag}: thick smoke is coming out of the old mill near the canal, the whole street smells of it`;
    const second = `E2E ${tag}: thick smoke comes out of the old mill by the canal and the whole street smells of it now`;
    await fileReports(browser, [first, second]);

    await acceptCookies(page);
    await login(page, DEMO.admin);
    await page.goto(`/admin/reports?lng=en&status=pending&q=${encodeURIComponent(tag)}`);
    // Both rows are flagged as each other's likely duplicate; the queue no longer cuts the text at 50 characters.
    await expect(page.getByText("Likely duplicate")).toHaveCount(2);
    await expect(page.getByText(second)).toBeVisible();

    await page
      .getByRole("row")
      .filter({ hasText: second })
      .getByRole("link", { name: /^Open report/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Report" })).toBeVisible();
    await expect(page.getByTestId("report-text")).toHaveText(second);
    await expect(page.getByText("Hasselt").first()).toBeVisible();
    await expect(page.getByText(DEMO.user.email)).toBeVisible();
    const earlier = page.getByRole("region", { name: "Earlier reports by this person" });
    await expect(earlier.getByText(first)).toBeVisible();
    const duplicates = page.getByRole("region", { name: "Likely duplicates" });
    await expect(duplicates.getByText(first)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve report" });
    await expect(dialog.getByTestId("approve-followers")).toContainText(/Hasselt/);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await expect(page.getByTestId("panel-announcer")).toHaveText("Report approved successfully!");
    // The Approve button is gone with the pending status: focus goes to the heading, not the page body.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByText("Approved").first()).toBeVisible();

    // Deleting the open report goes back to the queue, focus on its heading, the result announced.
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete report" }).getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeFocused();
    await expect(page.getByTestId("panel-announcer")).toHaveText("Report deleted successfully!");
  });

  test("focus after panel actions: the row, the next row, never the page body", async ({ page, browser }) => {
    const tag = unique("lamp");
    const texts = [`E2E ${tag} one: the lamp post is leaning`, `E2E ${tag} two: a bench is broken in the park`];
    await fileReports(browser, texts);
    await acceptCookies(page);
    await login(page, DEMO.admin);
    await page.goto(`/admin/reports?lng=en&q=${encodeURIComponent(tag)}`);
    const rows = page.locator("main [data-row-key]");
    await expect(rows).toHaveCount(2);
    const keys = await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.rowKey));

    // Approving keeps the row (its Approve button goes): focus stays in that row.
    await rows
      .nth(0)
      .getByRole("button", { name: /^Approve/ })
      .click();
    await page.getByRole("dialog", { name: "Approve report" }).getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("dialog")).toBeHidden({ timeout: 5_000 });
    await expect(page.getByTestId("panel-announcer")).toHaveText("Report approved successfully!");
    expect(await focusedRowKey(page)).toBe(keys[0]);

    // Deleting removes the row: focus moves to the next one.
    await rows
      .nth(0)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await page.getByRole("dialog", { name: "Delete report" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toBeHidden({ timeout: 5_000 });
    await expect(page.getByTestId("panel-announcer")).toHaveText("Report deleted successfully!");
    await expect(rows).toHaveCount(1);
    expect(await focusedRowKey(page)).toBe(keys[1]);

    // Deleting the last row: focus on the list's heading.
    await rows
      .nth(0)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await page.getByRole("dialog", { name: "Delete report" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toBeHidden({ timeout: 5_000 });
    await expect(rows).toHaveCount(0);
    expect(await focusedTag(page)).toBe("h1");
    await expectAccessible(page);
  });

  test("a merchant's saved promotion keeps focus on its row's Edit button", async ({ page }) => {
    await acceptCookies(page);
    await login(page, DEMO.merchant);
    await page.goto("/merchant/promotions?lng=en");
    const row = page.locator("main [data-row-key]").first();
    const key = await row.getAttribute("data-row-key");
    await row.getByRole("button", { name: /^Edit/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeHidden({ timeout: 5_000 });
    await expect(page.getByTestId("panel-announcer")).not.toBeEmpty();
    expect(await focusedRowKey(page)).toBe(key);
  });
});
