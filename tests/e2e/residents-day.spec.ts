/**
 * Residents' day: the 112 notice, an anonymous report from filing to the public list (with its reference and
 * My reports), a moderator marking it resolved, registration with its verification mail, and the ticker's
 * pause button and the mobile menu's Escape. Axe-clean at each new screen.
 */
import { type Browser, type Page, expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";
import { waitForMail } from "./mail";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = gotoWaitsForHydration(await context.newPage());
  await acceptCookies(page);
  await login(page, who);
  return page;
}

test("fire, accident and public safety show 'call 112 first' before the description, in three languages", async ({
  browser,
}) => {
  const resident = await signedIn(browser, DEMO.user);
  await resident.goto("/report/hasselt?lng=en");
  const notice = resident.getByTestId("emergency-notice");
  // The default type (other urgent) does not ask for 112.
  await expect(notice).toHaveCount(0);
  await resident.getByRole("radio", { name: "Fire" }).check({ force: true });
  await expect(notice).toContainText("In an emergency, call 112 first.");
  await expect(notice.getByRole("link", { name: "Call 112" })).toHaveAttribute("href", "tel:112");
  await expectAccessible(resident);
  await resident.getByRole("radio", { name: "Theft" }).check({ force: true });
  await expect(notice).toHaveCount(0);
  await resident.getByRole("radio", { name: "Accident" }).check({ force: true });
  await expect(notice).toBeVisible();

  await resident.goto("/report/hasselt?lng=nl");
  await resident.getByRole("radio", { name: "Openbare veiligheid" }).check({ force: true });
  await expect(resident.getByTestId("emergency-notice")).toContainText("bel eerst 112");
  await resident.goto("/report/hasselt?lng=fr");
  await resident.getByRole("radio", { name: "Incendie" }).check({ force: true });
  await expect(resident.getByTestId("emergency-notice")).toContainText("appelez d'abord le 112");
  await resident.context().close();
});

test("an anonymous report: reference on filing, waiting for moderation, 'Anonymous' in public, then resolved", async ({
  browser,
  page,
}) => {
  test.slow();
  const text = unique("E2E: broken bench at the Grote Markt");
  const resident = await signedIn(browser, DEMO.user);
  await resident.goto("/report/hasselt?lng=en");
  await resident.getByRole("radio", { name: "Infrastructure issue" }).check({ force: true });
  await resident.getByLabel("Description").fill(text);
  await resident.getByLabel("Publish without my name").check();
  await resident.getByRole("button", { name: "Submit report" }).click();
  const filed = resident.getByTestId("report-filed");
  await expect(filed).toContainText("awaiting review");
  await expect(filed).toContainText(text);
  await expect(filed).toContainText("published as Anonymous");
  const reference = (await resident.getByTestId("report-reference").first().textContent())?.trim() ?? "";
  expect(reference).toMatch(/^R-[0-9A-F]{8}$/);
  await expectAccessible(resident);
  // The redirect to the town still follows, and the confirmation comes along until dismissed.
  await resident.waitForURL(/\/hasselt$/);
  await expect(resident.getByTestId("report-filed")).toContainText(reference);
  await resident.getByRole("button", { name: "Dismiss" }).click();
  await expect(resident.getByTestId("report-filed")).toHaveCount(0);

  await resident.goto("/my-reports?lng=en");
  const mine = resident.getByRole("listitem").filter({ hasText: text });
  await expect(mine).toContainText("Waiting for moderation");
  await expect(mine).toContainText(`Reference ${reference}`);
  await expect(mine).toContainText("Published as Anonymous");

  // The moderator finds it by its reference, sees who filed it, and approves it.
  await acceptCookies(page);
  await login(page, DEMO.admin);
  await page.goto(`/admin/reports?lng=en&q=${encodeURIComponent(reference)}`);
  const row = page.getByRole("row").filter({ hasText: text.slice(0, 30) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(DEMO.user.email);
  await expect(row).toContainText("Shown as Anonymous");
  await row.getByRole("button", { name: /^Approve/ }).click();
  await page.getByRole("dialog", { name: "Approve report" }).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("dialog")).toBeHidden({ timeout: 5_000 });

  await resident.goto("/reports/hasselt?lng=en");
  const card = resident.getByRole("listitem").filter({ hasText: text });
  await expect(card).toContainText("Reported by Anonymous");

  // Marked resolved with a note: it shows as resolved, and the reporter is mailed the note.
  await row.getByRole("button", { name: /^Mark resolved/ }).click();
  const dialog = page.getByRole("dialog", { name: "Mark report resolved" });
  await dialog.getByLabel("Note to the reporter (optional)").fill("The bench was replaced this morning.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Mark resolved" }).click();
  await expect(dialog.getByText("Report marked resolved!")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(row.getByText("Resolved")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Mark resolved/ })).toHaveCount(0);

  await resident.goto("/reports/hasselt?lng=en");
  await expect(resident.getByRole("listitem").filter({ hasText: text }).getByTestId("report-resolved")).toBeVisible();
  await resident.goto("/my-reports?lng=en");
  await expect(resident.getByRole("listitem").filter({ hasText: text })).toContainText(
    "The bench was replaced this morning.",
  );
  await expectAccessible(resident);
  await waitForMail(DEMO.user.email, (m) => m.text.includes("The bench was replaced this morning."));
  await resident.context().close();
});

test("registration signs the new resident in and the verification mail's button confirms the address", async ({
  page,
}) => {
  test.slow();
  await acceptCookies(page);
  const email = `e2e-verify-${Date.now().toString(36)}@example.test`;
  await page.goto("/register?lng=nl");
  await page.getByLabel("Inwoner").check();
  await page.getByLabel("Volledige naam").fill("Vera Verified");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill("Hasselt-Fiets-Bank-42");
  await page.getByLabel("Bevestig je wachtwoord").fill("Hasselt-Fiets-Bank-42");
  await page.getByLabel("Gemeente").selectOption({ label: "Hasselt" });
  await page.getByRole("button", { name: "Registreren" }).click();
  await expect(page.getByRole("status")).toContainText(email);
  await expectAccessible(page);
  // Signed in: the profile says the address still needs confirming.
  await page.goto("/profile?lng=en");
  await expect(page.getByTestId("unverified-notice")).toBeVisible();

  const mail = await waitForMail(email, (m) => m.text.includes("/verify-email?token="));
  expect(mail.subject).toContain("Bevestig je e-mailadres");
  const link = /(http:\/\/\S+\/verify-email\?token=\S+)/.exec(mail.text)?.[1] as string;
  const path = `${new URL(link).pathname}${new URL(link).search}`;
  // A scanner's GET confirms nothing.
  expect((await page.request.get(path)).status()).toBe(200);
  await page.goto(`${path}&lng=en`);
  await expect(page.getByRole("status")).toContainText(`Confirm that ${email} is your address?`);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByRole("status")).toContainText(`${email} is confirmed`);
  await expectAccessible(page);
  await page.goto("/profile?lng=en");
  await expect(page.getByTestId("unverified-notice")).toHaveCount(0);
});

test("at 390 px: the ticker pauses with its button and Escape closes the mobile menu", async ({ page }) => {
  await acceptCookies(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/hasselt?lng=en");
  const region = page.getByRole("region", { name: /Live updates, scrolls automatically/ });
  const pause = page.getByRole("button", { name: "Pause" });
  await expect(pause).toHaveAttribute("aria-pressed", "false");
  await pause.click();
  await expect(page.getByRole("button", { name: "Resume" })).toHaveAttribute("aria-pressed", "true");
  await expect(region).toHaveAttribute("data-paused", "true");
  await expectAccessible(page);

  const menuButton = page.getByRole("button", { name: "Open menu" });
  await menuButton.click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator("#mobile-menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});
