/**
 * Reviews and favourites in the browser: a resident writes a review of a merchant and sees the real average; the
 * merchant answers it in public; a guest's heart joins the account at sign-in and the account's favourites are
 * there on another device (a fresh browser context).
 */
import { expect, test } from "./fixtures";
import { DEMO, acceptCookies, expectAccessible, login } from "./helpers";

// Not the demo merchant (other tests edit it): the Brasserie, seeded with a 4 and a 2.
const BRASSERIE = { email: "brasserie.demarkt@demo.buurtplatform.be", password: "Demo-Neighbour-2026!" };

test("a resident writes a review and sees the average; the merchant answers in public", async ({ page, browser }) => {
  await acceptCookies(page);
  await login(page, DEMO.user);
  await page.goto("/merchants?lng=en&q=Brasserie");
  await page
    .getByRole("link", { name: /Brasserie De Markt/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brasserie De Markt");
  const url = page.url();
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("3 out of 5 (2 reviews)")).toBeVisible();

  // No rating chosen: a translated message, nothing stored.
  await reviews.getByRole("button", { name: "Publish review" }).click();
  await expect(reviews.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
  await expect(reviews.getByText("3 out of 5 (2 reviews)")).toBeVisible();

  await reviews.getByRole("radio", { name: "5 stars" }).check();
  await reviews.getByLabel("Your review (optional)").fill("<b>Great</b> terrace on the square");
  await reviews.getByRole("button", { name: "Publish review" }).click();
  await expect(reviews.getByText("Thank you! Your review is published.")).toBeVisible();
  await expect(reviews.getByText("3.7 out of 5 (3 reviews)")).toBeVisible();
  // HTML is shown as the text it is.
  await expect(
    reviews.getByRole("list", { name: "Reviews by residents" }).getByText("<b>Great</b> terrace on the square"),
  ).toBeVisible();
  await expectAccessible(page);

  // The merchant answers, once, in public.
  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  await merchant.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
  await login(merchant, BRASSERIE);
  await merchant.goto(url);
  await merchant.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const mine = merchant.getByRole("listitem").filter({ has: merchant.getByRole("heading", { name: "Emma Peeters" }) });
  await expect(mine.getByText("<b>Great</b> terrace on the square")).toBeVisible();
  await mine.getByLabel("Your public answer").fill("Thank you, Emma! See you on the terrace.");
  await mine.getByRole("button", { name: "Publish answer" }).click();
  await expect(mine.getByText("Answer from Brasserie De Markt")).toBeVisible();
  await expect(mine.getByLabel("Your public answer")).toHaveCount(0);
  await expectAccessible(merchant);
  await merchantContext.close();

  // The resident sees the answer.
  await page.reload();
  await expect(page.getByText("Thank you, Emma! See you on the terrace.")).toBeVisible();
});

test("a guest's heart joins the account at sign-in, and the favourites are there on another device", async ({
  page,
  browser,
}) => {
  await acceptCookies(page);
  // An Amsterdam promotion: the demo resident's seeded favourites are all in Hasselt.
  await page.goto("/promotions/amsterdam?lng=en&q=framing");
  await page
    .getByRole("link", { name: /20% off framing/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("20% off framing");
  const promotionUrl = page.url();
  await page.getByRole("button", { name: "Save as favourite" }).click();
  await expect(page.getByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");

  await login(page, DEMO.user);
  // The browser's hearts were posted to the account, then forgotten by the browser.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("favourites"))).toBeNull();

  // Another device: a fresh context, signed in.
  const other = await browser.newContext();
  const device = await other.newPage();
  await device.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
  await login(device, DEMO.user);
  await device.goto("/my-favourites?lng=en");
  await device.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(device.getByRole("heading", { level: 1 })).toHaveText("My favourites");
  await expect(device.getByRole("link", { name: "20% off framing" })).toBeVisible();
  await expectAccessible(device);

  // Signed in, the heart shows the account's state and changes it.
  await device.goto(promotionUrl);
  await device.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const heart = device.getByRole("button", { name: "Remove from favourites" });
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.click();
  await expect(device.getByRole("button", { name: "Save as favourite" })).toHaveAttribute("aria-pressed", "false");
  await device.goto("/my-favourites?lng=en");
  await expect(device.getByRole("link", { name: "20% off framing" })).toHaveCount(0);
  await other.close();
});
