/**
 * The admin pickers: the subscription's user is found by typing part of the e-mail and chosen with
 * the keyboard only; editing shows the current value; the merchant picker of promotions works the same way.
 */
import { expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

test.describe("admin pickers", () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
    await login(page, DEMO.admin);
  });

  test("a subscription's user is picked by part of the e-mail, keyboard only", async ({ page }) => {
    await page.goto("/admin/subscriptions?lng=en");
    await page.getByRole("button", { name: "Add subscription" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add subscription" });
    const combo = dialog.getByRole("combobox", { name: "User" });
    await expect(combo).toBeFocused();
    await expect(combo).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.type("user@demo.buurt");
    const listbox = dialog.getByRole("listbox", { name: "User" });
    const option = listbox.getByRole("option", { name: /user@demo\.buurtplatform\.be/ });
    await expect(option).toBeVisible();
    await expect(combo).toHaveAttribute("aria-expanded", "true");
    await expect(combo).toHaveAttribute("aria-controls", (await listbox.getAttribute("id")) ?? "");
    await expectAccessible(page);

    await page.keyboard.press("ArrowDown");
    await expect(combo).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
    await expect(option).toHaveAttribute("aria-selected", "true");
    // Escape closes the list, not the dialog; ArrowDown opens it again.
    await page.keyboard.press("Escape");
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(option).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(combo).toHaveValue(DEMO.user.email);
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await expect(dialog.locator('input[type="hidden"][name="user_id"]')).not.toHaveValue("");

    // Enter with the list closed submits the form.
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Subscription added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    // Editing shows the current user, rendered by the server.
    const row = page.getByRole("row").filter({ hasText: DEMO.user.email }).first();
    await row.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit subscription" });
    await expect(edit.getByRole("combobox", { name: "User" })).toHaveValue(DEMO.user.email);
    // Typing text that matches nobody, then leaving, keeps the current user.
    await edit.getByRole("combobox", { name: "User" }).fill("zzzz-nobody");
    await expect(edit.getByText("Nothing matches.").first()).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(edit.getByRole("combobox", { name: "User" })).toHaveValue(DEMO.user.email);
  });

  test("a promotion's merchant is searched on the server, debounced", async ({ page }) => {
    await page.goto("/admin/promotions?lng=en");
    await page.getByRole("button", { name: "Add promotion" }).click();
    const dialog = page.getByRole("dialog");
    const combo = dialog.getByRole("combobox", { name: "Merchant" });
    await combo.focus();
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/admin/lookup/merchants")) asked.push(new URL(r.url()).searchParams.get("q") ?? "");
    });
    const searched = page.waitForResponse((r) => r.url().includes("/admin/lookup/merchants?q=brass"));
    await page.keyboard.type("brass");
    await searched;
    const options = dialog.getByRole("listbox").getByRole("option");
    await expect(options.first()).toContainText(/Brasserie/);
    for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain("brass");
    // Debounced: the five quick keystrokes made one request, not one each.
    expect(asked).toEqual(["brass"]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(combo).toHaveValue(/Brasserie/);
  });

  test("moving past the last option loads the next page", async ({ page }) => {
    await page.goto("/admin/subscriptions?lng=en");
    await page.getByRole("button", { name: "Add subscription" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "User" }).focus();
    await page.keyboard.press("ArrowDown");
    const options = dialog.getByRole("listbox").getByRole("option");
    await expect(options).toHaveCount(20);
    await expect(dialog.getByText("20 matches shown, more available").first()).toBeVisible();
    const more = page.waitForResponse((r) => r.url().includes("/admin/lookup/users") && r.url().includes("cursor="));
    for (let i = 0; i < 21; i++) await page.keyboard.press("ArrowDown");
    await more;
    await expect.poll(() => options.count()).toBeGreaterThan(20);
  });
});
