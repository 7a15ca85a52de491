import { expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

test.describe("languages", () => {
  for (const [lng, text] of [
    ["en", "Log in"],
    ["nl", "Inloggen"],
    ["fr", "Se connecter"],
  ] as const) {
    test(`landing page renders in ${lng}`, async ({ page }) => {
      await acceptCookies(page);
      const response = await page.goto(`/?lng=${lng}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page.getByRole("link", { name: text }).first()).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("the language choice is remembered for the next page", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/?lng=fr");
    await page.goto("/about-us");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("the selector switches language and keeps the page", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/about-us?lng=en");
    await page.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("menuitem", { name: /NL/ }).click();
    await expect(page).toHaveURL(/\/about-us\?lng=nl/);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("link", { name: "Inloggen" }).first()).toBeVisible();
  });
});

test.describe("not found", () => {
  for (const path of ["/404", "/no-such-town", "/some/unknown/path"]) {
    test(`${path} shows the 404 page`, async ({ page }) => {
      await acceptCookies(page);
      const response = await page.goto(path);
      if (path !== "/no-such-town") expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      await expect(
        page.getByText("The page you're looking for doesn't exist, or another error occurred."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
      await expectAccessible(page);
    });
  }
});

test.describe("cookie notice", () => {
  test("is shown until accepted, then never again", async ({ page }) => {
    await page.goto("/about-us?lng=en");
    const notice = page.getByRole("region", { name: "Cookie notice" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Accept" }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });
});

test.describe("guards", () => {
  test("a guest is sent to /login from every protected page", async ({ page }) => {
    for (const path of [
      "/profile",
      "/report/hasselt",
      "/merchant/dashboard",
      "/merchant/promotions",
      "/admin/dashboard",
      "/admin/users",
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login/);
    }
  });

  test("a resident is kept out of the panels", async ({ page }) => {
    await acceptCookies(page);
    await login(page, DEMO.user);
    for (const path of ["/admin/dashboard", "/admin/reports", "/merchant/dashboard", "/merchant/profile"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/$/);
    }
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("a merchant reaches its panel but not the admin panel", async ({ page }) => {
    await acceptCookies(page);
    await login(page, DEMO.merchant);
    await expect(page).toHaveURL(/\/merchant\/dashboard$/);
    await expectAccessible(page);
    await page.goto("/merchant/promotions");
    await expect(page).toHaveURL(/\/merchant\/promotions$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an administrator reaches the admin panel", async ({ page }) => {
    await acceptCookies(page);
    await login(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expectAccessible(page);
    for (const path of ["/admin/users", "/admin/settings"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await page.goto("/merchant/promotions");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an action is guarded even when posted directly", async ({ request, baseURL }) => {
    const res = await request.post("/admin/municipalities", {
      form: { intent: "create", name: "Evil", slug: "evil" },
      headers: { Origin: new URL(baseURL as string).origin },
      maxRedirects: 0,
    });
    expect([302, 303, 403]).toContain(res.status());
    expect(res.headers().location ?? "").toMatch(/\/login/);
    const check = await request.get("/evil", { maxRedirects: 0 });
    expect(check.status()).toBe(302);
  });
});

test("register, log in, edit the profile and log out", async ({ page }) => {
  // A long walk (two accessibility scans, five password hashes): three times the default time.
  test.slow();
  await acceptCookies(page);
  const email = `e2e-${Date.now()}@example.test`;
  await page.goto("/register?lng=en");
  await expectAccessible(page);
  await page.getByLabel("Merchant").check();
  await page.getByLabel("Business name").fill("Should be cleared");
  await page.getByLabel("Resident").check();
  await expect(page.getByLabel("Business name")).toHaveCount(0);
  await page.getByLabel("Merchant").check();
  await expect(page.getByLabel("Business name")).toHaveValue("");
  await page.getByLabel("Resident").check();

  await page.getByLabel("Full name").fill("Sanne Vermeulen");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Zonhoven-Fiets-88");
  await page.getByLabel("Confirm password").fill("Different-Pass-88");
  await page.getByLabel("Municipality").selectOption({ label: "Zonhoven" });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("alert")).toContainText("Passwords do not match.");

  await page.getByLabel("Password", { exact: true }).fill("Zonhoven-Fiets-88");
  await page.getByLabel("Confirm password").fill("Zonhoven-Fiets-88");
  await page.getByRole("button", { name: "Register" }).click();
  // Registration signs the new resident in and says where the verification link went.
  await expect(page.getByRole("heading", { name: "Registration complete" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(email);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/zonhoven$/);
  await expect(page.getByRole("link", { name: "Hi, Sanne Vermeulen" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please try again.");
  await page.getByLabel("Password", { exact: true }).fill("Zonhoven-Fiets-88");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/zonhoven$/);

  await page.getByRole("link", { name: "Hi, Sanne Vermeulen" }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectAccessible(page);
  await expect(page.getByLabel("Email")).toBeDisabled();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("No changes detected.");
  await page.getByLabel("Name").fill("Sanne Claes");
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm new password").fill("abc");
  await page.getByRole("button", { name: "Save changes" }).click();
  // One password rule everywhere, stated by one message.
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long.");
  await page.getByLabel("Name").fill("Sanne Claes");
  await page.getByLabel("New password", { exact: true }).fill("");
  await page.getByLabel("Confirm new password").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Profile updated successfully!");
  await expect(page.getByRole("link", { name: "Hi, Sanne Claes" }).first()).toBeVisible();

  // A new password needs the current one, and a guessable one is refused with the reason.
  await page.getByLabel("New password", { exact: true }).fill("Fiets-Zonhoven-Brug-31");
  await page.getByLabel("Confirm new password").fill("Fiets-Zonhoven-Brug-31");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter your current password to set a new one.");
  await page.getByLabel("Current password").fill("Not-The-Password-1");
  await page.getByLabel("New password", { exact: true }).fill("Fiets-Zonhoven-Brug-31");
  await page.getByLabel("Confirm new password").fill("Fiets-Zonhoven-Brug-31");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("The current password is not correct.");
  await page.getByLabel("Current password").fill("Zonhoven-Fiets-88");
  await page.getByLabel("New password", { exact: true }).fill("azertyuiop");
  await page.getByLabel("Confirm new password").fill("azertyuiop");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Straight rows of keys on a keyboard are easy to guess.")).toBeVisible();
  await page.getByLabel("Current password").fill("Zonhoven-Fiets-88");
  await page.getByLabel("New password", { exact: true }).fill("Fiets-Zonhoven-Brug-31");
  await page.getByLabel("Confirm new password").fill("Fiets-Zonhoven-Brug-31");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Profile updated successfully!");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Fiets-Zonhoven-Brug-31");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
