/**
 * Content in three languages: a merchant writes a promotion in Dutch and adds a French title; a
 * French reader sees the French title, an English reader the Dutch original labelled as such (lang="nl");
 * /bruxelles and /brussel reach one municipality. Axe stays clean with the new lang attributes.
 */
import { expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

const inDays = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(new Date(Date.now() + n * 86_400_000));
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("content in three languages", () => {
  test("a Dutch promotion with a French title reads in French, or as the labelled Dutch original", async ({
    page,
    browser,
  }) => {
    test.slow();
    const id = tag();
    const dutch = `Verse aardbeientaart ${id}`;
    const french = `Tarte aux fraises fraîches ${id}`;

    await acceptCookies(page);
    await login(page, DEMO.merchant);
    await page.goto("/merchant/promotions?lng=en");
    await page.getByRole("button", { name: "Add promotion" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill(dutch);
    await dialog.getByLabel("Description").fill("Met aardbeien van de boer uit Zonhoven, elke ochtend vers.");
    await dialog.getByLabel("Valid until").fill(inDays(20));
    await dialog.getByLabel("Price", { exact: true }).fill("€18");

    // The original language, and the other two in tabs behind a disclosure button; none is required.
    await dialog.getByLabel("Original language").selectOption("nl");
    const missing = dialog.locator("[data-missing-languages]");
    await expect(missing).toHaveText("Missing languages: English, French");
    await dialog.getByRole("button", { name: "Add or edit translations" }).click();
    const tabs = dialog.getByRole("tablist", { name: "Translations" });
    await expect(tabs.getByRole("tab")).toHaveCount(2);
    const english = tabs.getByRole("tab", { name: /English/ });
    const frenchTab = tabs.getByRole("tab", { name: /French/ });
    await expect(english).toHaveAttribute("aria-selected", "true");
    // Arrow keys move between the tabs (roving focus).
    await english.focus();
    await page.keyboard.press("ArrowRight");
    await expect(frenchTab).toBeFocused();
    await expect(frenchTab).toHaveAttribute("aria-selected", "true");
    const panel = dialog.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await panel.getByLabel("Title in French").fill(french);
    await expect(missing).toHaveText("Missing languages: English");
    await expect(frenchTab).toHaveText("French (added)");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByText("Promotion added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    // A French reader: the French title, no label.
    const reader = await browser.newContext();
    const visitor = await reader.newPage();
    await visitor.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
    await visitor.goto(`/promotions/hasselt?q=${encodeURIComponent(id)}&lng=fr`);
    const card = visitor.getByRole("link", { name: new RegExp(french) });
    await expect(card).toBeVisible();
    await expect(card.locator("[data-original-language]")).toHaveCount(0);
    await card.click();
    const h1 = visitor.getByRole("heading", { level: 1 });
    await expect(h1).toHaveText(french);
    await expect(h1.locator("[lang=fr]")).toHaveText(french);
    // Its description exists only in Dutch: shown with lang="nl" and the French label.
    const description = visitor.locator("p[lang=nl]", { hasText: "aardbeien van de boer" });
    await expect(description).toBeVisible();
    await expect(visitor.getByText("original en néerlandais").first()).toBeVisible();
    await expectAccessible(visitor);

    // An English reader: the Dutch original, labelled, with lang="nl".
    await visitor.goto(`${new URL(visitor.url()).pathname}?lng=en`);
    await expect(h1).toContainText(dutch);
    await expect(h1.locator("[lang=nl]")).toHaveText(dutch);
    await expect(h1.locator("[data-original-language=nl]")).toHaveText("original in Dutch");
    await expectAccessible(visitor);
    await reader.close();
  });

  test("a translation whose original changed is marked 'may be out of date' until edited or confirmed", async ({
    page,
  }) => {
    test.slow();
    const id = tag();
    const dutch = `Appeltaart van de week ${id}`;
    await acceptCookies(page);
    await login(page, DEMO.merchant);
    await page.goto("/merchant/promotions?lng=en");
    await page.getByRole("button", { name: "Add promotion" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill(dutch);
    await dialog.getByLabel("Valid until").fill(inDays(20));
    await dialog.getByLabel("Price", { exact: true }).fill("€12");
    await dialog.getByLabel("Original language").selectOption("nl");
    await dialog.getByRole("button", { name: "Add or edit translations" }).click();
    await dialog.getByRole("tab", { name: /French/ }).click();
    await dialog.getByLabel("Title in French").fill(`Tarte aux pommes de la semaine ${id}`);
    await dialog.getByRole("tab", { name: /English/ }).click();
    await dialog.getByLabel("Title in English").fill(`Apple pie of the week ${id}`);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    // The Dutch title changes; the translations do not.
    const row = () => page.getByRole("row").filter({ hasText: id });
    await row().getByRole("button", { name: /Edit/ }).click();
    await expect(dialog.locator("[data-outdated-languages]")).toHaveCount(0);
    await dialog.getByLabel("Title").fill(`${dutch} (met slagroom)`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    // Both are marked: the line (visible with the tabs closed), each tab and the field.
    await row().getByRole("button", { name: /Edit/ }).click();
    const outdated = dialog.locator("[data-outdated-languages]");
    await expect(outdated).toHaveText(
      "May be out of date (the original changed after they were written): English, French",
    );
    await dialog.getByRole("button", { name: "Add or edit translations" }).click();
    await expect(dialog.getByRole("tab", { name: "French (may be out of date)" })).toBeVisible();
    await dialog.getByRole("tab", { name: /French/ }).click();
    const panel = dialog.getByRole("tabpanel");
    await expect(panel.getByText("May be out of date: the original changed after this was written.")).toBeVisible();
    await expectAccessible(page);
    // French is corrected, English confirmed as still right (by keyboard).
    await panel.getByLabel("Title in French").fill(`Tarte aux pommes à la crème ${id}`);
    await expect(outdated).toHaveText("May be out of date (the original changed after they were written): English");
    await dialog.getByRole("tab", { name: /English/ }).click();
    const stillRight = dialog.getByRole("checkbox", { name: "The English translation is still right" });
    await stillRight.focus();
    await page.keyboard.press("Space");
    await expect(stillRight).toBeChecked();
    await expect(outdated).toHaveCount(0);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    await page.reload();
    await row().getByRole("button", { name: /Edit/ }).click();
    await expect(dialog.getByRole("heading", { name: "Edit promotion" })).toBeVisible();
    await expect(dialog.locator("[data-outdated-languages]")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await row()
      .getByRole("button", { name: /Delete/ })
      .click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(row()).toHaveCount(0);
  });

  test("/bruxelles and /brussel reach one municipality, named in the reader's language", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/bruxelles?lng=fr");
    await expect(page).toHaveURL(/\/brussel\?lng=fr$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bruxelles");
    await expectAccessible(page);

    await page.goto("/brussels?lng=en");
    await expect(page).toHaveURL(/\/brussel\?lng=en$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Brussels");

    await page.goto("/brussel?lng=nl");
    await expect(page).toHaveURL(/\/brussel\?lng=nl$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Brussel");

    // Deeper pages too: the alias is swapped for the canonical slug, the rest of the address kept.
    await page.goto("/promotions/bruxelles?lng=fr");
    await expect(page).toHaveURL(/\/promotions\/brussel\?lng=fr$/);
    // The demo's trilingual promotion reads in French; a one-language one shows its English original, labelled.
    await expect(page.getByRole("heading", { name: /30 % sur la collection de printemps/ })).toBeVisible();
    await expect(page.locator("h3 [data-original-language=en]").first()).toHaveText("original en anglais");
    await expectAccessible(page);
  });
});
